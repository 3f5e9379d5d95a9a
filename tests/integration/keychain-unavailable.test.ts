import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

describe('no OS keychain service', () => {
  it('fails with a clear keychain_unavailable error that says what to install on Linux, instead of crashing', () => {
    const env = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/wd-bus' }
    const out = execFileSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'fixtures/keychain-probe.ts')], { env, encoding: 'utf8', timeout: 30_000 })
    const result = JSON.parse(out.trim().split('\n').pop()!)
    expect(result.ok).toBe(false)
    expect(result.code).toBe('keychain_unavailable')
    expect(result.message).toMatch(/gnome-keyring/)
  })
})
