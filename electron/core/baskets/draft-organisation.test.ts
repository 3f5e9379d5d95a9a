import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ConnectionStatus } from '../../../shared/ipc/channels/connection'
import type { DraftView } from '../../../shared/ipc/channels/baskets'
import { startSandbox, type Sandbox } from '../../sandbox'
import { testKeychain } from '../credentials/test-keychain'
import { createCore, type Core } from '../index'
import { ManualClock } from '../platform/manual-clock'

const quiet = { info: () => {}, warn: () => {}, error: () => {} }

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ testMode: true, products: 50, orders: 0, speed: 0 })
})
afterAll(async () => {
  await sandbox.close()
})

const cores: Core[] = []
afterEach(async () => {
  for (const core of cores.splice(0)) await core.stop().catch(() => {})
  await sandbox.control.resume()
})

async function startCore(dataDir: string) {
  const core = createCore({ dataDir, secrets: testKeychain(), notifier: { show: () => {} }, log: quiet, clock: new ManualClock(Date.now()) })
  cores.push(core)
  await core.start()
  const call = async <T = unknown,>(channel: string, input?: unknown): Promise<T> => {
    const r = await core.dispatch(channel, input)
    if (!r.ok) throw Object.assign(new Error(r.error.message), r.error)
    return r.value as T
  }
  return { core, call }
}

async function until<T>(check: () => T | Promise<T>, what: string): Promise<T> {
  for (let i = 0; i < 500; i++) {
    const r = await check()
    if (r) return r
    await new Promise((ok) => setTimeout(ok, 10))
  }
  throw new Error(`${what} did not happen`)
}

describe("a draft's organisation", () => {
  it('is checked offline against the organisations fetched ahead when the profile opened online', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wd-draft-org-'))
    // A purchaser of a child organisation: it sees its own branch, never the head office.
    const clerk = sandbox.clients.find((c) => !c.admin && c.organisationId !== sandbox.demo.organisationId)!
    const headOffice = sandbox.demo.organisationId

    // First run: the profile is the purchaser's; opening it saves the purchaser's organisations
    // for offline use (acting for its own organisation asks for them). The profile is then changed
    // to the head office's administrator, who sees every organisation; the acting organisation is
    // known by then, so nothing asks for the organisations again in this run.
    const first = await startCore(dataDir)
    const profile = await first.call<{ id: string }>('connection.save', { name: 'Branch', baseUrl: sandbox.baseUrl, clientId: clerk.clientId, clientSecret: clerk.clientSecret })
    try {
      await first.call('connection.activate', { id: profile.id })
      await until(async () => (await first.call<ConnectionStatus>('connection.status')).actingOrganisation, 'acting for the own organisation')
      await first.call('connection.save', { id: profile.id, name: 'Branch', baseUrl: sandbox.baseUrl, clientId: sandbox.demo.clientId, clientSecret: sandbox.demo.clientSecret })
      await first.core.stop()
      cores.splice(cores.indexOf(first.core), 1)

      // Second run: the profile opens online at start; the baskets' warm-up is all that asks for
      // the organisations (and saves the administrator's list). Then the service goes away.
      sandbox.control.clearRequestLog()
      const second = await startCore(dataDir)
      // The warm-up is done once its lists are fetched and nothing else is asked for a moment.
      await until(() => sandbox.control.requestLog().some((r) => r.path === '/shipping_types' && r.status === 200), 'the warm-up')
      let seen = -1
      await until(async () => {
        const now = sandbox.control.requestLog().length
        const settled = now === seen
        seen = now
        await new Promise((ok) => setTimeout(ok, 100))
        return settled
      }, 'the service quiet')
      await sandbox.control.pause()

      const draft = await second.call<DraftView>('baskets.create', { doc: { name: 'Offline order' } })
      expect(draft.organisation).toBe(clerk.organisationId)
      const moved = await second.call<DraftView>('baskets.setOrganisation', { id: draft.id, organisation: headOffice })
      expect(moved.organisation).toBe(headOffice)
      expect((await second.call<ConnectionStatus>('connection.status')).online).toBe(false)

      const refused = await second.call('baskets.setOrganisation', { id: draft.id, organisation: 9999 }).catch((e: unknown) => e)
      expect(refused).toMatchObject({ code: 'not_found', message: 'That organisation is not one you can act for.', fields: { organisation: expect.any(String) } })
      expect((await second.call<DraftView>('baskets.get', { id: draft.id })).organisation).toBe(headOffice)
    } finally {
      await sandbox.control.resume()
      await cores.at(-1)?.dispatch('connection.remove', { id: profile.id })
    }
  })
})
