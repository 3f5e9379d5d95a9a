import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createFileLogger, LOG_FILE_NAME } from './file-logger'
import { redactingSecretStore } from './redacting-secret-store'

const dirs: string[] = []
function dataDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'wd-log-'))
  dirs.push(d)
  return d
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

const lines = (path: string) =>
  readFileSync(path, 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as { time: string; level: string; message: string; detail?: unknown })

describe('file logger', () => {
  it('writes one JSON object per line under <dataDir>/logs', () => {
    const dir = dataDir()
    const log = createFileLogger({ dataDir: dir, now: () => Date.UTC(2026, 0, 2, 3, 4, 5) })
    log.info('started', { version: '1.2.3' })
    log.warn('slow answer', { ms: 900 })
    log.error('sync failed', new Error('socket hang up'))
    expect(log.path).toBe(join(dir, 'logs', LOG_FILE_NAME))
    const [a, b, c] = lines(log.path)
    expect(a).toEqual({ time: '2026-01-02T03:04:05.000Z', level: 'info', message: 'started', detail: { version: '1.2.3' } })
    expect(b).toMatchObject({ level: 'warn', message: 'slow answer', detail: { ms: 900 } })
    expect(c).toMatchObject({ level: 'error', detail: { name: 'Error', message: 'socket hang up', stack: expect.stringContaining('socket hang up') } })
  })

  it('rotates at the size limit and keeps three files, newest first', () => {
    const dir = dataDir()
    const log = createFileLogger({ dataDir: dir, maxBytes: 2_000 })
    for (let i = 0; i < 200; i++) log.info(`line ${i}`, { pad: 'x'.repeat(60) })
    const files = readdirSync(join(dir, 'logs')).sort()
    expect(files).toEqual([LOG_FILE_NAME, `${LOG_FILE_NAME}.1`, `${LOG_FILE_NAME}.2`])
    for (const f of files) expect(statSync(join(dir, 'logs', f)).size).toBeLessThanOrEqual(2_000)
    // The current file ends with the last line; .1 holds the lines just before it; older ones are gone.
    const current = lines(log.path)
    const previous = lines(`${log.path}.1`)
    expect(current.at(-1)?.message).toBe('line 199')
    const firstCurrent = Number(current[0]!.message.split(' ')[1])
    expect(previous.at(-1)?.message).toBe(`line ${firstCurrent - 1}`)
    const all = [...lines(`${log.path}.2`), ...previous, ...current].map((l) => l.message)
    expect(all).not.toContain('line 0')
  })

  it('rotates at 1 MB by default', () => {
    const dir = dataDir()
    const log = createFileLogger({ dataDir: dir })
    const pad = 'y'.repeat(10_000)
    for (let i = 0; i < 120; i++) log.info('bulk', { pad }) // ≈ 1.2 MB
    const files = readdirSync(join(dir, 'logs')).sort()
    expect(files).toEqual([LOG_FILE_NAME, `${LOG_FILE_NAME}.1`])
    expect(statSync(`${log.path}.1`).size).toBeLessThanOrEqual(1024 * 1024)
    expect(statSync(`${log.path}.1`).size).toBeGreaterThan(1000 * 1024)
  })

  it('redacts values under secret-looking keys at any depth', () => {
    const log = createFileLogger({ dataDir: dataDir() })
    log.info('saving profile', {
      clientId: '0d1f1d6e-7c2b-4b0e-9a7e-1f2a3b4c5d6e',
      client_secret: 's3cr3t-value-1',
      nested: { Authorization: 'Bearer abc.def.ghi', list: [{ password: 'hunter22' }, { accessToken: 'tok-123456' }] },
    })
    const text = readFileSync(log.path, 'utf8')
    for (const secret of ['s3cr3t-value-1', 'abc.def.ghi', 'hunter22', 'tok-123456']) expect(text).not.toContain(secret)
    expect(lines(log.path)[0]!.detail).toEqual({
      clientId: '0d1f1d6e-7c2b-4b0e-9a7e-1f2a3b4c5d6e',
      client_secret: '[redacted]',
      nested: { Authorization: '[redacted]', list: [{ password: '[redacted]' }, { accessToken: '[redacted]' }] },
    })
  })

  it('redacts bearer tokens and form-encoded secrets inside free text and error messages', () => {
    const log = createFileLogger({ dataDir: dataDir() })
    log.warn('request failed: Authorization: Bearer eyJhbGciOi.J9.sig-_x== was refused')
    log.error('token call', new Error('POST /oauth/create_token body client_id=abc&client_secret=ZXCV-9876&grant_type=client_credentials'))
    log.info('raw body', { body: '{"access_token":"eyJzzz","token_type":"Bearer","expires_in":3600}' })
    const text = readFileSync(log.path, 'utf8')
    expect(text).not.toContain('eyJhbGciOi')
    expect(text).not.toContain('ZXCV-9876')
    expect(text).not.toContain('eyJzzz')
    expect(text).toContain('client_id=abc')
    expect(text).toContain('grant_type=client_credentials')
  })

  it('redacts registered secret strings wherever they appear, including through the keychain wrapper', async () => {
    const log = createFileLogger({ dataDir: dataDir() })
    const backing = new Map<string, string>([['profile:1', 'kc-Secret-From-Keychain']])
    const secrets = redactingSecretStore(
      {
        get: async (a) => backing.get(a) ?? null,
        set: async (a, s) => void backing.set(a, s),
        delete: async (a) => backing.delete(a),
      },
      (s) => log.redact(s),
    )
    await secrets.get('profile:1')
    await secrets.set('profile:2', 'newly-Typed-Secret')
    log.error('the service echoed kc-Secret-From-Keychain in its answer', { echo: 'newly-Typed-Secret!', note: 'fine' })
    const text = readFileSync(log.path, 'utf8')
    expect(text).not.toContain('kc-Secret-From-Keychain')
    expect(text).not.toContain('newly-Typed-Secret')
    expect(lines(log.path)[0]).toMatchObject({ message: 'the service echoed [redacted] in its answer', detail: { echo: '[redacted]!', note: 'fine' } })
  })

  it('survives cycles, bigints and a log folder it cannot write to', () => {
    const dir = dataDir()
    const log = createFileLogger({ dataDir: dir })
    const cyclic: Record<string, unknown> = { n: 1n }
    cyclic.self = cyclic
    log.info('cycle', cyclic)
    expect(lines(log.path)[0]!.detail).toEqual({ n: '1', self: '[circular]' })
    // A file where the logs folder should be: every write fails, none throws.
    const other = dataDir()
    writeFileSync(join(other, 'logs'), 'not a folder')
    const blocked = createFileLogger({ dataDir: other })
    expect(() => blocked.error('nowhere to go')).not.toThrow()
    expect(readFileSync(join(other, 'logs'), 'utf8')).toBe('not a folder')
  })
})
