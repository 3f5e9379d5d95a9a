import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { testKeychain } from '../../../tests/support/core/test-keychain'
import { createCore, type Core } from '../index'
import { provisioningPath, readProvisioning, type Provisioning } from './provisioning'

const quiet = { info() {}, warn() {}, error() {} }
const CLIENT = '0b6a3b1e-8f0e-4c1a-9d55-2f3f6d9e7a10'

function provisioningFile(content: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'wd-prov-')), 'provisioning.json')
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content))
  return path
}

const cores: Core[] = []
afterEach(async () => {
  for (const c of cores.splice(0)) await c.stop().catch(() => {})
})
function startCore(dataDir: string, provisioning: Provisioning) {
  const warnings: unknown[] = []
  const core = createCore({ dataDir, secrets: testKeychain(), notifier: { show() {} }, log: { ...quiet, warn: (_m, d) => void warnings.push(d) }, provisioning })
  cores.push(core)
  return { core, warnings }
}

describe('managed installs: the provisioning file and variables', () => {
  it('documents one system location per OS, and a variable moves it', () => {
    expect(provisioningPath('win32', { ProgramData: 'C:\\ProgramData' })).toBe(join('C:\\ProgramData', 'Wholesale Desk', 'provisioning.json'))
    expect(provisioningPath('darwin', {})).toBe('/Library/Application Support/Wholesale Desk/provisioning.json')
    expect(provisioningPath('linux', {})).toBe('/etc/wholesale-desk/provisioning.json')
    expect(provisioningPath('linux', { WHOLESALE_DESK_PROVISIONING: '/opt/x.json' })).toBe('/opt/x.json')
  })

  it('reads a valid file, with environment variables overriding single settings', () => {
    const path = provisioningFile({ profile: { name: 'Acme wholesale', baseUrl: 'https://orders.acme.example/api/v1/', environment: 'production', clientId: CLIENT }, updates: { automatic: false } })
    expect(readProvisioning('linux', { WHOLESALE_DESK_PROVISIONING: path })).toEqual({
      config: { profile: { name: 'Acme wholesale', baseUrl: 'https://orders.acme.example/api/v1', environment: 'production', clientId: CLIENT }, updates: { automatic: false } },
      source: path,
      problems: [],
    })
    const both = readProvisioning('linux', { WHOLESALE_DESK_PROVISIONING: path, WHOLESALE_DESK_ENVIRONMENT: 'staging', WHOLESALE_DESK_UPDATE_URL: 'https://updates.acme.example/desk' })
    expect(both.config).toMatchObject({ profile: { environment: 'staging', baseUrl: 'https://orders.acme.example/api/v1' }, updates: { automatic: false, url: 'https://updates.acme.example/desk' } })
    expect(both.source).toBe(`${path} + environment`)
    // Variables alone, with no file at the system location.
    const onlyEnv = readProvisioning('linux', { WHOLESALE_DESK_BASE_URL: 'https://orders.acme.example/api/v1', WHOLESALE_DESK_ENVIRONMENT: 'staging', WHOLESALE_DESK_UPDATES: 'off' }, () => {
      throw Object.assign(new Error('no file'), { code: 'ENOENT' })
    })
    expect(onlyEnv).toEqual({ config: { profile: { name: 'Company account', baseUrl: 'https://orders.acme.example/api/v1', environment: 'staging' }, updates: { automatic: false } }, source: 'environment', problems: [] })
    // Nothing provisioned: nothing said, nothing applied.
    expect(readProvisioning('linux', {}, () => { throw Object.assign(new Error('no file'), { code: 'ENOENT' }) })).toEqual({ config: {}, source: null, problems: [] })
  })

  it('ignores a broken or unsafe file with a reason naming the file and the setting, instead of failing to start', () => {
    const cases: [unknown, RegExp][] = [
      ['{ "profile": ', /provisioning\.json: .*JSON/],
      [{ profile: { baseUrl: 'http://orders.acme.example/api/v1', environment: 'production' } }, /profile\.baseUrl: must be an https URL/],
      [{ profile: { baseUrl: 'https://orders.acme.example/api/v1', environment: 'prod' } }, /profile\.environment/],
      [{ profile: { baseUrl: 'https://orders.acme.example/api/v1', environment: 'staging', clientSecret: 's3cr3t' } }, /holds a client secret/],
      [{ profiles: {} }, /Unrecognized key.*profiles/],
      [{ updates: { automatic: 'sometimes' } }, /updates\.automatic/],
    ]
    for (const [content, reason] of cases) {
      const path = provisioningFile(content)
      const p = readProvisioning('linux', { WHOLESALE_DESK_PROVISIONING: path })
      expect(p.config, JSON.stringify(content)).toEqual({})
      expect(p.problems.join('\n')).toMatch(reason)
      expect(p.problems.join('\n')).toContain(path)
    }
    expect(readProvisioning('linux', { WHOLESALE_DESK_UPDATES: 'maybe' }, () => { throw Object.assign(new Error('x'), { code: 'ENOENT' }) }).problems.join()).toMatch(/updates\.automatic/)
  })

  it('is applied at the first start with no profile, offered as the first connection, and locks update checks', async () => {
    const path = provisioningFile({ profile: { name: 'Acme wholesale', baseUrl: 'https://orders.acme.example/api/v1', environment: 'production' }, updates: { automatic: false } })
    const dataDir = mkdtempSync(join(tmpdir(), 'wd-prov-'))
    const { core } = startCore(dataDir, readProvisioning('linux', { WHOLESALE_DESK_PROVISIONING: path }))
    await core.start()
    expect(await core.dispatch('managed.defaults', undefined)).toEqual({
      ok: true,
      value: { profile: { name: 'Acme wholesale', baseUrl: 'https://orders.acme.example/api/v1', environment: 'production', clientId: null }, source: path },
    })
    expect(await core.dispatch('updates.state', undefined)).toMatchObject({ ok: true, value: { automatic: false, managed: true } })

    // A workstation already set up keeps its own connection: nothing is offered over it.
    const setUp = mkdtempSync(join(tmpdir(), 'wd-prov-'))
    const before = startCore(setUp, { config: {}, source: null, problems: [] })
    expect(await before.core.dispatch('connection.save', { name: 'Mine', baseUrl: 'https://mine.example/api/v1', clientId: CLIENT, clientSecret: 'my-own-secret' })).toMatchObject({ ok: true })
    await before.core.stop()
    const after = startCore(setUp, readProvisioning('linux', { WHOLESALE_DESK_PROVISIONING: path }))
    await after.core.start()
    expect(await after.core.dispatch('managed.defaults', undefined)).toEqual({ ok: true, value: { profile: null, source: null } })
  })

  it('logs why a bad file was ignored and starts without it', async () => {
    const path = provisioningFile({ profile: { baseUrl: 'ftp://x', environment: 'production' } })
    const { core, warnings } = startCore(mkdtempSync(join(tmpdir(), 'wd-prov-')), readProvisioning('linux', { WHOLESALE_DESK_PROVISIONING: path }))
    await core.start()
    expect(await core.dispatch('managed.defaults', undefined)).toEqual({ ok: true, value: { profile: null, source: null } })
    expect(JSON.stringify(warnings)).toContain('profile.baseUrl')
  })
})
