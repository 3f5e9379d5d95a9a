import { createServer, request, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../../shared/api'
import type { Profile } from '../../../shared/model/connection'
import { startSandbox, type Sandbox } from '../../sandbox'
import { makeCore } from '../../../tests/support/core/core-suite'

/**
 * The sandbox serves its document links from its own loopback http origin; a real service serves
 * them over https. This proxy in front of the sandbox rewrites them to https, as the service would.
 */
const DOCS = 'https://docs.example.com'
function httpsDocumentsProxy(sandbox: Sandbox): Promise<{ server: Server; url: string }> {
  const upstream = new URL(sandbox.baseUrl)
  const server = createServer((req, res) => {
    const headers = { ...req.headers, host: upstream.host }
    delete headers['accept-encoding']
    const out = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (up) => {
      const back: Buffer[] = []
      up.on('data', (c: Buffer) => back.push(c))
      up.on('end', () => {
        const body = Buffer.from(Buffer.concat(back).toString('utf8').replaceAll(`${sandbox.baseUrl}/images/`, `${DOCS}/images/`))
        const h = { ...up.headers, 'content-length': String(body.byteLength) }
        delete h['transfer-encoding']
        res.writeHead(up.statusCode ?? 502, h).end(body)
      })
    })
    out.on('error', () => res.destroy())
    req.pipe(out)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}${upstream.pathname}` })))
}

let sandbox: Sandbox
let proxy: Awaited<ReturnType<typeof httpsDocumentsProxy>>
beforeAll(async () => {
  sandbox = await startSandbox({ testMode: true, products: 60, orders: 5, speed: 0 })
  proxy = await httpsDocumentsProxy(sandbox)
})
afterAll(async () => {
  proxy?.server.close()
  await sandbox?.close()
})

describe('opening a product’s documents in the browser', () => {
  it('opens exactly the https document links the service returned for a local-catalogue product the rep opened, nothing else', async () => {
    const { core, call, opened } = makeCore({ browser: true })
    try {
      const profile = await call<Profile>('connection.save', { name: 'Docs', baseUrl: proxy.url, clientId: sandbox.demo.clientId, clientSecret: sandbox.demo.clientSecret })
      await call('connection.activate', { id: profile.id })
      await call('catalogue.sync')
      const { items } = await call<{ items: { id: number }[] }>('catalogue.search', { query: '', limit: 60 })
      const products: Product[] = []
      for (const { id } of items) products.push(await call<Product>('catalogue.product', { id }))
      const withDocs = products.filter((p) => p.datasheet_url && p.guide_url)
      expect(withDocs.length).toBeGreaterThan(0)
      const p = withDocs[0]!
      expect(p.datasheet_url).toMatch(/^https:\/\/docs\.example\.com\//)

      for (const url of [p.datasheet_url!, p.guide_url!]) expect(await call('system.openExternal', { url }), url).toEqual({ opened: true })
      if (p.quickstart_url) expect(await call('system.openExternal', { url: p.quickstart_url })).toEqual({ opened: true })
      // Nothing but those exact addresses: not a neighbour on the same host, not another path, not http.
      for (const url of [`${p.datasheet_url!}x`, `${p.datasheet_url!}?a=1`, p.datasheet_url!.replace('https:', 'http:'), `${DOCS}/images/p999999-datasheet.svg`, `${DOCS}/`, p.main_image_url!])
        expect(await core.dispatch('system.openExternal', { url }), url).not.toMatchObject({ ok: true, value: { opened: true } })
      expect(opened).toEqual([p.datasheet_url, p.guide_url, ...(p.quickstart_url ? [p.quickstart_url] : [])])
    } finally {
      await core.stop()
    }
  })

  it('opens no document link of a product the rep has not opened from the local catalogue', async () => {
    const { core } = makeCore({ browser: true })
    try {
      const reply = await core.dispatch('system.openExternal', { url: `${DOCS}/images/p1-datasheet.svg` })
      expect(reply).toMatchObject({ ok: true, value: { opened: false } })
    } finally {
      await core.stop()
    }
  })
})
