/**
 * A keychain that is locked (after a password change) or has lost the connection's entry: the app
 * says so clearly, offers the way back (unlock, or enter the secret again), keeps running, and
 * never falls back to writing the secret anywhere else.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../shared/ipc/contract-kit'
import type { SecretStore } from '../../electron/core/credentials/secret-store'
import { testKeychain } from '../support/core/test-keychain'
import { connect, makeCore } from '../support/core/core-suite'
import { startSandbox, type Sandbox } from '../../electron/sandbox'

let sandbox: Sandbox
const dataDir = mkdtempSync(join(tmpdir(), 'wd-locked-'))
const keychain = testKeychain()
let locked = false
const lockable: SecretStore = {
  get: (a) => (locked ? Promise.reject(new AppError('keychain_unavailable', 'The keychain is locked.')) : keychain.get(a)),
  set: (a, s) => (locked ? Promise.reject(new AppError('keychain_unavailable', 'The keychain is locked.')) : keychain.set(a, s)),
  delete: (a) => (locked ? Promise.reject(new AppError('keychain_unavailable', 'The keychain is locked.')) : keychain.delete(a)),
}
beforeAll(async () => {
  sandbox = await startSandbox({ testMode: true, products: 30, orders: 0, speed: 0 })
})
afterAll(async () => {
  await sandbox?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const filesHold = (needle: string) =>
  readdirSync(dataDir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dataDir, f))
    .filter((f) => statSync(f).isFile() && readFileSync(f).includes(Buffer.from(needle)))

describe('a locked or emptied keychain', () => {
  it('locked: connecting and saving fail with a clear keychain_unavailable error, the app keeps answering, nothing lands on disk; unlocked, it connects', async () => {
    const t = makeCore({ dataDir, secrets: lockable })
    await t.core.start()
    const id = await connect(t, sandbox)
    await t.core.stop()

    locked = true
    const again = makeCore({ dataDir, secrets: lockable })
    await again.core.start()
    const err = await again.fail('connection.activate', { id })
    expect(err.code).toBe('keychain_unavailable')
    const newSecret = `canary-${randomUUID()}`
    const save = await again.fail('connection.save', { id, name: 'Test', baseUrl: sandbox.baseUrl, clientId: sandbox.demo.clientId, clientSecret: newSecret })
    expect(save.code).toBe('keychain_unavailable')
    // Still answering: the list of connections, the status.
    expect(await again.call<unknown[]>('connection.list')).toHaveLength(1)
    expect(filesHold(newSecret)).toEqual([])
    expect(filesHold(sandbox.demo.clientSecret)).toEqual([])

    locked = false
    expect(await again.call('connection.activate', { id })).toMatchObject({ profile: { id }, online: true })
    await again.core.stop()
    await keychain.delete(`profile:${id}`)
  })

  it('emptied: the connection says its secret is missing and to enter it again; entering it again connects', async () => {
    const t = makeCore({ dataDir: mkdtempSync(join(tmpdir(), 'wd-missing-')), secrets: keychain })
    await t.core.start()
    const id = await connect(t, sandbox)
    await t.core.stop()
    await keychain.delete(`profile:${id}`)

    const again = makeCore({ dataDir: t.dataDir, secrets: keychain })
    await again.core.start()
    const err = await again.fail('connection.activate', { id })
    expect(err.message).toMatch(/secret of this connection is missing.*enter it again/)
    await again.call('connection.save', { id, name: 'Test', baseUrl: sandbox.baseUrl, clientId: sandbox.demo.clientId, clientSecret: sandbox.demo.clientSecret })
    expect(await again.call('connection.activate', { id })).toMatchObject({ profile: { id }, online: true })
    await again.core.stop()
    await keychain.delete(`profile:${id}`)
    rmSync(t.dataDir, { recursive: true, force: true })
  })
})
