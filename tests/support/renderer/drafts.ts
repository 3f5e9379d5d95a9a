import { onTestFinished } from 'vitest'
import type { Api } from '../../../shared/ipc/api-builder'
import { SHOWCASE } from '../../../electron/sandbox/seed/catalogue'
import { waitFor } from './mount-app'

/** A draft that can be sent as it is: a saved address, a shipping type that serves it, one line. */
export async function sendableDraft(api: Api, name: string): Promise<string> {
  const reference = await api.baskets.referenceData({})
  if (!reference.ok) throw new Error(reference.error.message)
  const shippingType = reference.value.shippingTypes.find((s) => !s.countries?.length)!
  const created = await api.baskets.create({ doc: { name, shipping_type: shippingType.id, shipping_address: reference.value.addresses[0]! } })
  if (!created.ok) throw new Error(created.error.message)
  const added = await api.baskets.addLine({ draftId: created.value.id, productId: SHOWCASE.phone.id, quantity: 2 })
  if (!added.ok) throw new Error(added.error.message)
  return created.value.id
}

/**
 * "Work offline" on for this test (off again after it). `heldBack()` is true once the outbox has
 * tried a draft and been held back by it (sending, then waiting again).
 */
export async function workingOffline(api: Api): Promise<{ heldBack: () => boolean }> {
  const on = await api.system.setWorkOffline({ on: true })
  if (!on.ok) throw new Error(on.error.message)
  onTestFinished(async () => void (await api.system.setWorkOffline({ on: false })))
  let tried = false
  let heldBack = false
  const off = api.on('outbox.changed', (counts) => {
    if (counts.sending > 0) tried = true
    else if (tried) heldBack = true
  })
  onTestFinished(off)
  return { heldBack: () => heldBack }
}

/** Resolves once the outbox has tried the draft and the attempt failed: queued again, with its error. */
export async function attemptFailed(api: Api, id: string, what = 'the failed attempt'): Promise<void> {
  await waitFor(async () => {
    const view = await api.baskets.get({ id })
    return view.ok && view.value.state === 'queued' && view.value.error !== null
  }, what)
}

/** Submits the draft and waits for the outbox's attempt to fail (the service away, or a fault injected). */
export async function submittedAndFailed(api: Api, id: string, what?: string): Promise<void> {
  const submitted = await api.baskets.submit({ id })
  if (!submitted.ok) throw new Error(submitted.error.message)
  await attemptFailed(api, id, what)
}
