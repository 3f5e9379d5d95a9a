import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createDemoService, DEMO_DB_FILE } from './demo'

const silent = { info: () => {}, warn: () => {} }

async function token(baseUrl: string, clientId: string, clientSecret: string): Promise<Response> {
  return fetch(`${baseUrl}/oauth/create_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: clientId, client_secret: clientSecret, grant_type: 'client_credentials' }),
  })
}

describe('demo launcher (the embedded sandbox)', () => {
  const userData = mkdtempSync(join(tmpdir(), 'wd-demo-'))
  const demo = createDemoService(userData, silent)
  afterAll(async () => {
    await demo.close()
    rmSync(userData, { recursive: true, force: true })
  })

  it('starts the service on 127.0.0.1 with a random port and a database under userData', async () => {
    const first = await demo.launch()
    const url = new URL(first.baseUrl)
    expect(url.hostname).toBe('127.0.0.1')
    expect(Number(url.port)).toBeGreaterThan(0)
    expect(url.pathname).toBe('/api/v1')
    expect(existsSync(join(userData, DEMO_DB_FILE))).toBe(true)
    // The credentials it hands out are the demo user's and work.
    const res = await token(first.baseUrl, first.clientId, first.clientSecret)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String) })
  })

  it('starts it once: a second launch answers the same service', async () => {
    const [a, b] = await Promise.all([demo.launch(), demo.launch()])
    expect(b).toEqual(a)
    expect(await demo.launch()).toEqual(a)
  })

  it('stops it on close, and the same data comes back on the next launch', async () => {
    const before = await demo.launch()
    await demo.close()
    await expect(fetch(`${before.baseUrl}/whoami`)).rejects.toThrow()
    const again = await demo.launch()
    expect(again.clientId).toBe(before.clientId)
    expect((await token(again.baseUrl, again.clientId, again.clientSecret)).status).toBe(200)
  })
})
