import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ConnectionStatus } from '../../../shared/model/connection'
import type { Address, Organisation, User } from '../../../shared/api'
import type { DraftView } from '../../../shared/model/draft-view'
import type { ReferenceData } from '../../../shared/model/reference-data'
import { startSandbox, type Sandbox } from '../../sandbox'
import { clientFor } from '../../../tests/chaos/support/outbox-world'
import { coreSuite, type CoreUnderTest } from '../../../tests/support/core/core-suite'
import { until } from '../../../tests/support/core/until'
import { serviceQuiet } from '../../../tests/support/core/service-quiet'

const suite = coreSuite({ testMode: true, products: 50, orders: 0, speed: 0 })
/** A started core on its own data folder (given, to run the same profile twice). */
const startCore = (dataDir = mkdtempSync(join(tmpdir(), 'wd-draft-org-'))) => suite.start({ dataDir })

/** Another service, with the same organisation ids, to edit the profile to. */
let other: Sandbox
beforeAll(async () => {
  other = await startSandbox({ testMode: true, products: 50, orders: 0, speed: 0, seed: 7 })
})
afterAll(async () => {
  await other?.close()
})

/**
 * Saves and activates the head office's profile on the suite's service, and waits until it acts
 * for the head office and the service is quiet. Removes the profile again if that fails.
 */
async function headOfficeActive({ call }: CoreUnderTest): Promise<{ id: string }> {
  const profile = await call<{ id: string }>('connection.save', { name: 'Head office', baseUrl: suite.sandbox.baseUrl, clientId: suite.sandbox.demo.clientId, clientSecret: suite.sandbox.demo.clientSecret })
  try {
    await call('connection.activate', { id: profile.id })
    await until(async () => (await call<ConnectionStatus>('connection.status')).actingOrganisation, 'acting for the head office')
    await serviceQuiet(suite.sandbox)
    return profile
  } catch (err) {
    await call('connection.remove', { id: profile.id, discardDrafts: true })
    throw err
  }
}

/** Every organisation (the head office's administrator sees them all), each with its parent. */
async function organisationTree(): Promise<Organisation[]> {
  const admin = clientFor(suite.sandbox)
  try {
    return (await admin.list('listOrganisations', { query: { page: 1, per_page: 1000 } })).items
  } finally {
    await admin.close()
  }
}

describe("a draft's organisation", () => {
  it('is checked offline against the organisations fetched ahead when the profile opened online', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wd-draft-org-'))
    // Two branches of the head office, neither under the other, and a purchaser of the first.
    const all = await organisationTree()
    const [first, second] = all.filter((o) => o.parent === suite.sandbox.demo.organisationId)
    const purchaser = suite.sandbox.clients.find((c) => !c.admin && c.organisationId === first!.id)!
    const admin = clientFor(suite.sandbox)
    const user = await admin.call('getUser', { params: { id: purchaser.userId } })
    const moveTo = (organisation: number) =>
      admin.call('editUser', { params: { id: purchaser.userId }, body: { ...bodyOf(user), organisation, roles: user.roles, notification: user.notification } })

    // First run: opening the profile saves the purchaser's organisations for offline use (acting
    // for its own organisation asks for them). Between runs the head office moves the purchaser
    // to the other branch: its organisations are others now, and as the acting organisation is
    // known, nothing but the baskets' warm-up asks for them in the second run.
    const firstRun = await startCore(dataDir)
    let secondRun: CoreUnderTest | undefined
    const profile = await firstRun.call<{ id: string }>('connection.save', { name: 'Branch', baseUrl: suite.sandbox.baseUrl, clientId: purchaser.clientId, clientSecret: purchaser.clientSecret })
    try {
      await firstRun.call('connection.activate', { id: profile.id })
      await until(async () => (await firstRun.call<ConnectionStatus>('connection.status')).actingOrganisation, 'acting for the own organisation')
      await firstRun.core.stop()
      await moveTo(second!.id)

      suite.sandbox.control.clearRequestLog()
      secondRun = await startCore(dataDir)
      await until(() => suite.sandbox.control.requestLog().some((r) => r.path === '/shipping_types' && r.status === 200), 'the warm-up')
      await serviceQuiet(suite.sandbox)
      await suite.sandbox.control.pause()

      const draft = await secondRun.call<DraftView>('baskets.create', { doc: { name: 'Offline order' } })
      const moved = await secondRun.call<DraftView>('baskets.setOrganisation', { id: draft.id, organisation: second!.id })
      expect(moved.organisation).toBe(second!.id)
      expect((await secondRun.call<ConnectionStatus>('connection.status')).online).toBe(false)

      const refused = await secondRun.fail('baskets.setOrganisation', { id: draft.id, organisation: first!.id })
      expect(refused).toMatchObject({ code: 'not_found', message: 'That organisation is not one you can act for.', fields: { organisation: expect.any(String) } })
      expect((await secondRun.call<DraftView>('baskets.get', { id: draft.id })).organisation).toBe(second!.id)
    } finally {
      await suite.sandbox.control.resume()
      await moveTo(first!.id)
      await admin.close()
      await (secondRun ?? firstRun).call('connection.remove', { id: profile.id, discardDrafts: true })
    }
  })

  it('after the active profile is edited to another account, is the new account’s, and is checked offline against its organisations; drafts stay', async () => {
    const all = await organisationTree()
    const headOffice = suite.sandbox.demo.organisationId
    // A branch with branches of its own, and its purchaser.
    const branch = all.find((o) => o.parent === headOffice && all.some((c) => c.parent === o.id))!
    const below = all.find((o) => o.parent === branch.id)!
    const purchaser = suite.sandbox.clients.find((c) => !c.admin && c.organisationId === branch.id)!

    const { call } = await startCore()
    const profile = await call<{ id: string }>('connection.save', { name: 'Head office', baseUrl: suite.sandbox.baseUrl, clientId: suite.sandbox.demo.clientId, clientSecret: suite.sandbox.demo.clientSecret })
    try {
      await call('connection.activate', { id: profile.id })
      await until(async () => (await call<ConnectionStatus>('connection.status')).actingOrganisation, 'acting for the head office')
      const earlier = await call<DraftView>('baskets.create', { doc: { name: 'For the head office' } })
      expect(earlier.organisation).toBe(headOffice)

      await call('connection.save', { id: profile.id, name: 'Branch', baseUrl: suite.sandbox.baseUrl, clientId: purchaser.clientId, clientSecret: purchaser.clientSecret })
      await serviceQuiet(suite.sandbox)
      await suite.sandbox.control.pause()

      const draft = await call<DraftView>('baskets.create', { doc: { name: 'Offline order' } })
      expect(draft.organisation).toBe(branch.id)
      expect((await call<DraftView>('baskets.setOrganisation', { id: draft.id, organisation: below.id })).organisation).toBe(below.id)
      const refused = await call('baskets.setOrganisation', { id: draft.id, organisation: headOffice }).catch((e: unknown) => e)
      expect(refused).toMatchObject({ code: 'not_found', fields: { organisation: expect.any(String) } })
      // A draft typed before keeps the organisation it was typed for, as when an organisation goes
      // away: the service refuses it on submission, and the user chooses another.
      expect((await call<DraftView>('baskets.get', { id: earlier.id })).organisation).toBe(headOffice)
    } finally {
      await suite.sandbox.control.resume()
      await call('connection.remove', { id: profile.id, discardDrafts: true })
    }
  })

  it('after the active profile is edited to another service, offers that service’s saved addresses offline', async () => {
    const core = await startCore()
    const { call } = core
    const profile = await headOfficeActive(core)
    try {
      const there = clientFor(other)
      const expected: Address[] = (await there.list('listOrganisationAddresses', { params: { id: other.demo.organisationId }, query: { page: 1, per_page: 1000 } })).items
      await there.close()
      const before = await call<ReferenceData>('baskets.referenceData', {})
      expect(before.addresses).not.toEqual(expected)

      // The same organisation id on both services, so the acting organisation stays.
      await call('connection.save', { id: profile.id, name: 'Head office', baseUrl: other.baseUrl, clientId: other.demo.clientId, clientSecret: other.demo.clientSecret })
      await until(async () => (await call<ConnectionStatus>('connection.status')).actingOrganisation, 'acting for the head office there')
      await serviceQuiet(other)
      await other.control.pause()

      const offline = await call<ReferenceData>('baskets.referenceData', {})
      expect(offline.fresh).toBe(false)
      expect(offline.addresses).toEqual(expected)
    } finally {
      await other.control.resume()
      await call('connection.remove', { id: profile.id, discardDrafts: true })
    }
  })

  it('after the active profile is edited to another service that cannot be reached, offers none of the old service’s lists', async () => {
    const core = await startCore()
    const { call } = core
    const profile = await headOfficeActive(core)
    try {
      const before = await call<ReferenceData>('baskets.referenceData', {})
      expect(before.addresses.length && before.countries.length && before.shippingTypes.length).toBeGreaterThan(0)

      await other.control.pause()
      await call('connection.save', { id: profile.id, name: 'Head office', baseUrl: other.baseUrl, clientId: other.demo.clientId, clientSecret: other.demo.clientSecret })
      const offline = await call<ReferenceData>('baskets.referenceData', {})
      expect(offline).toEqual({ addresses: [], countries: [], shippingTypes: [], fresh: false })
    } finally {
      await other.control.resume()
      await call('connection.remove', { id: profile.id, discardDrafts: true })
    }
  })
})

/** A user as the body that edits it (PUT replaces every field). */
function bodyOf(u: User) {
  return { name: u.name, email_address: u.email_address, admin: u.admin, 'two-factor': u['two-factor'], active: u.active, verified: u.verified, password_reset: u.password_reset, user_language: u.user_language, timezone: u.timezone, timeout: u.timeout }
}
