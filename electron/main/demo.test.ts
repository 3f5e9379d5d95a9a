import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../sandbox'
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

  // The test server's powers (move the clock, inject faults, pause the port) must not be reachable
  // on a user's machine: the demo service has no such routes, with or without a token.
  it('has no test routes: /_test paths answer 404 even with a valid token', async () => {
    const { baseUrl, clientId, clientSecret } = await demo.launch()
    const { access_token } = (await (await token(baseUrl, clientId, clientSecret)).json()) as { access_token: string }
    const asked = [
      ['GET', '/_test/clock'],
      ['POST', '/_test/clock/advance'],
      ['POST', '/_test/faults'],
      ['POST', '/_test/pause'],
      ['GET', '/_test/requests'],
    ] as const
    for (const [method, path] of asked) {
      const res = await fetch(`${baseUrl}${path}`, { method, headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' }, body: method === 'POST' ? '{"seconds":60}' : undefined })
      expect(`${method} ${path} ${res.status}`).toBe(`${method} ${path} 404`)
    }
  })
})

describe('the test server (startSandbox with testMode), for contrast', () => {
  it('answers the same /_test paths the demo refuses', async () => {
    const sandbox = await startSandbox({ testMode: true, products: 10, orders: 0, speed: 0 })
    try {
      const res = await fetch(`${sandbox.baseUrl}/_test/clock`)
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({ now: expect.any(String) })
    } finally {
      await sandbox.close()
    }
  })
})
