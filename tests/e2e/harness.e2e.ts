import { request as httpRequest } from 'node:http'
import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '../harness/server'

/** The browser harness's own edges: the same validation as IPC, over its WebSocket and over HTTP, and nobody but its page gets in. */
describe('browser harness server', () => {
  let harness: Harness
  beforeAll(async () => {
    harness = await startHarness()
  })
  afterAll(async () => {
    await harness?.close()
  })

  const invoke = async (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) => {
    const res = await request(`${harness.url}invoke`, { method: 'POST', headers, body })
    return { status: res.statusCode, body: (await res.body.json()) as { ok: boolean; value?: unknown; error?: { code: string } } }
  }

  it('serves the built renderer on 127.0.0.1', async () => {
    expect(new URL(harness.url).hostname).toBe('127.0.0.1')
    const res = await request(harness.url)
    expect(res.statusCode).toBe(200)
    expect(await res.body.text()).toContain('<div id="app">')
  })

  it('forwards a call to the core', async () => {
    expect(await invoke(JSON.stringify({ channel: 'system.info' }))).toMatchObject({ status: 200, body: { ok: true, value: { harness: true } } })
  })

  it('validates like the IPC gate: unknown channels and bad input are typed errors', async () => {
    expect((await invoke(JSON.stringify({ channel: 'nope.nothing' }))).body.error?.code).toBe('unknown_channel')
    expect((await invoke(JSON.stringify({ channel: 'connection.remove', input: { id: 42 } }))).body.error?.code).toBe('invalid_input')
    expect(await invoke('{not json')).toMatchObject({ status: 400, body: { ok: false, error: { code: 'invalid_input' } } })
  })

  it('refuses calls from another origin, without JSON, or to another host name', async () => {
    expect((await invoke(JSON.stringify({ channel: 'system.info' }), { 'content-type': 'application/json', origin: 'https://evil.example' })).status).toBe(403)
    expect((await invoke(JSON.stringify({ channel: 'system.info' }), { 'content-type': 'text/plain' })).status).toBe(403)
    const rebound = await request(`${harness.url}invoke`, { method: 'POST', headers: { host: 'evil.example', 'content-type': 'application/json' }, body: '{}' })
    expect(rebound.statusCode).toBe(421)
    await rebound.body.dump()
  })

  it('serves nothing outside the build folder', async () => {
    const res = await request(`${harness.url}..%2F..%2Fpackage.json`)
    expect(res.statusCode).toBe(404)
    await res.body.dump()
  })

  it("carries the page's calls, their replies and the events on one WebSocket, with the IPC gate's validation", async () => {
    const socket = new WebSocket(`${harness.url.replace(/^http/, 'ws')}ipc`)
    const messages: { id?: number; reply?: { ok: boolean; value?: unknown; error?: { code: string } }; event?: string; payload?: unknown }[] = []
    const arrived = (check: (m: (typeof messages)[number]) => boolean) =>
      new Promise<(typeof messages)[number]>((ok) => {
        const look = () => {
          const found = messages.find(check)
          if (found) ok(found)
          else setTimeout(look, 5)
        }
        look()
      })
    socket.addEventListener('message', (e) => messages.push(JSON.parse(String(e.data)) as (typeof messages)[number]))
    await new Promise((ok, fail) => {
      socket.addEventListener('open', ok, { once: true })
      socket.addEventListener('error', fail, { once: true })
    })
    socket.send(JSON.stringify({ id: 1, channel: 'system.info' }))
    socket.send(JSON.stringify({ id: 2, channel: 'nope.nothing' }))
    socket.send(JSON.stringify({ id: 3, channel: 'connection.remove', input: { id: 42 } }))
    expect((await arrived((m) => m.id === 1)).reply).toMatchObject({ ok: true, value: { harness: true } })
    expect((await arrived((m) => m.id === 2)).reply?.error?.code).toBe('unknown_channel')
    expect((await arrived((m) => m.id === 3)).reply?.error?.code).toBe('invalid_input')
    harness.notify({ id: 'h2', title: 'Order 4 shipped', body: 'On its way.', target: { kind: 'order', orderId: 4 } })
    expect(await arrived((m) => m.event === 'alerts.shown')).toMatchObject({ payload: { title: 'Order 4 shipped', target: { orderId: 4 } } })
    socket.close()
  })

  it('refuses a WebSocket from another origin, to another host name or path', async () => {
    const upgrade = (path: string, headers: Record<string, string>) =>
      new Promise<number>((ok, fail) => {
        const req = httpRequest(`${harness.url}${path}`, { headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', ...headers } })
        req.on('response', (res) => {
          res.resume()
          ok(res.statusCode ?? 0)
        })
        req.on('upgrade', (res, socket) => {
          socket.destroy()
          ok(res.statusCode ?? 0)
        })
        req.on('error', fail)
        req.end()
      })
    expect(await upgrade('ipc', {})).toBe(101)
    expect(await upgrade('ipc', { origin: 'https://evil.example' })).toBe(403)
    expect(await upgrade('ipc', { host: 'evil.example' })).toBe(403)
    expect(await upgrade('elsewhere', {})).toBe(403)
  })

  it('streams events to the page, alerts included', async () => {
    const res = await request(`${harness.url}events`)
    expect(res.headers['content-type']).toBe('text/event-stream')
    let text = ''
    const seen = new Promise<void>((ok) => {
      res.body.on('data', (chunk: Buffer) => {
        text += chunk.toString()
        if (text.includes('alerts.shown')) ok()
      })
    })
    harness.notify({ id: 'h1', title: 'Order 3 shipped', body: 'On its way.', target: { kind: 'order', orderId: 3 } })
    await seen
    res.body.destroy()
    const frame = text.split('\n\n').find((f) => f.includes('alerts.shown'))!
    expect(JSON.parse(frame.replace(/^data: /, ''))).toMatchObject({ event: 'alerts.shown', payload: { title: 'Order 3 shipped', target: { orderId: 3 } } })
  })
})
