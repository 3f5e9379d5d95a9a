/**
 * THE BROWSER HARNESS — a test tool, not part of the app. It runs the real desktop core in Node
 * (real SQLite files in a temporary folder, the real OS keychain, a real sandbox for demo mode),
 * serves the renderer built by `vite build --config tests/harness/vite.config.ts`, and carries
 * the IPC contract over one WebSocket, `/ipc` (the page's window.api: `{id, channel, input}` →
 * core.dispatch, the same validation as Electron's IPC → `{id, reply}`, and the core's events as
 * `{event, payload}` on the same pipe, in order, as Electron's IPC delivers them), and over HTTP
 * for scripts: `POST /invoke {channel, input}`, the events as server-sent events on `GET /events`.
 * Only Electron's preload and IPC are replaced; everything behind them is the app's own code.
 */
import { readFile, stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { join, normalize, resolve, sep } from 'node:path'
import type { InspectableCore } from '../../electron/core'
import { contentTypeOf } from '../../electron/main/security/app-files'
import type { Alert } from '../../electron/core/platform/services'
import { startHarnessCore, stderrLogger, type HarnessCoreOptions } from './harness-core'
import { acceptTextSocket, type TextSocket } from './websocket'

export { HARNESS_KEYCHAIN_SERVICE, type DemoTarget } from './harness-core'

/** Where `vite build --config tests/harness/vite.config.ts` puts the renderer. */
export const HARNESS_BUILD_DIR = resolve(import.meta.dirname, '../../out/harness')
const MAX_BODY = 1024 * 1024

export interface HarnessOptions extends HarnessCoreOptions {
  /** 0 (default) = a free port. The harness always binds 127.0.0.1. */
  port?: number
  staticDir?: string
}

export interface Harness {
  /** Open this in a browser. */
  url: string
  core: InspectableCore
  dataDir: string
  /** Shows an alert in the page, as the OS would show a notification in Electron. */
  notify(alert: Alert): void
  close(): Promise<void>
}

export async function startHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const staticDir = resolve(opts.staticDir ?? HARNESS_BUILD_DIR)
  const indexFile = join(staticDir, 'harness.html')
  try {
    await stat(indexFile)
  } catch {
    throw new Error(`The harness renderer is not built (${indexFile} is missing). Run: npx vite build --config tests/harness/vite.config.ts`)
  }
  const log = opts.log ?? stderrLogger
  const harnessCore = await startHarnessCore({ ...opts, log })

  // Over HTTP, events are numbered and each /invoke reply says how many had been sent when it was
  // made (x-event-seq), so a script can order them; the page's WebSocket carries both in order.
  const clients = new Set<ServerResponse>()
  let eventSeq = 0
  const sockets = new Set<TextSocket>()
  const offEvents = harnessCore.onEvent((event, payload) => {
    const frame = `data: ${JSON.stringify({ seq: ++eventSeq, event, payload })}\n\n`
    for (const res of clients) res.write(frame)
    if (sockets.size) {
      const message = JSON.stringify({ event, payload })
      for (const socket of sockets) socket.send(message)
    }
  })
  const { core } = harnessCore

  let origin = ''
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log.error('harness request failed', err)
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
      res.end('harness error')
    })
  })

  // The page's window.api: calls and events on one WebSocket (see browser-transport).
  server.on('upgrade', (req: IncomingMessage, socket: Duplex) => {
    const reqOrigin = req.headers.origin
    if (req.headers.host !== new URL(origin).host || (reqOrigin && reqOrigin !== origin) || new URL(req.url ?? '/', origin).pathname !== '/ipc') {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n')
      return
    }
    const ipc = acceptTextSocket(
      req,
      socket,
      MAX_BODY,
      (text) => void answer(ipc, text),
      () => ipc && sockets.delete(ipc),
    )
    if (ipc) sockets.add(ipc)
  })

  async function answer(ipc: TextSocket | null, text: string): Promise<void> {
    let call: { id?: unknown; channel?: unknown; input?: unknown }
    try {
      call = JSON.parse(text) as typeof call
      if (!call || typeof call !== 'object' || typeof call.id !== 'number') throw new Error('not a numbered call')
    } catch (err) {
      log.error('harness: a message from the page was not a call', { message: (err as Error).message })
      return
    }
    const reply = await core.dispatch(call.channel, call.input)
    ipc?.send(JSON.stringify({ id: call.id, reply }))
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Only this machine, by this address: no DNS rebinding, no other site's page calling in.
    if (req.headers.host !== new URL(origin).host) {
      res.writeHead(421, { 'content-type': 'text/plain' }).end('wrong host')
      return
    }
    const url = new URL(req.url ?? '/', origin)
    if (req.method === 'POST' && url.pathname === '/invoke') return invoke(req, res)
    if (req.method === 'GET' && url.pathname === '/events') return events(req, res)
    if (req.method === 'GET' || req.method === 'HEAD') return serveFile(url.pathname, res)
    res.writeHead(405, { 'content-type': 'text/plain' }).end('method not allowed')
  }

  async function invoke(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const reqOrigin = req.headers.origin
    if ((reqOrigin && reqOrigin !== origin) || !String(req.headers['content-type'] ?? '').startsWith('application/json')) {
      res.writeHead(403, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ ok: false, error: { code: 'forbidden_sender', message: 'Only the harness page may call the core.' } }))
      return
    }
    let body: { channel?: unknown; input?: unknown }
    try {
      body = JSON.parse(await readBody(req)) as { channel?: unknown; input?: unknown }
      if (!body || typeof body !== 'object') throw new Error('not an object')
    } catch (err) {
      res.writeHead(400, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ ok: false, error: { code: 'invalid_input', message: `The request body was not a JSON call (${(err as Error).message}).` } }))
      return
    }
    const result = await core.dispatch(body.channel, body.input)
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store', 'x-event-seq': String(eventSeq) })
    res.end(JSON.stringify(result))
  }

  function events(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' })
    res.write('retry: 1000\n\n')
    // Events sent before this stream opened are gone, as for a window opened late in Electron.
    res.write(`data: ${JSON.stringify({ seq: eventSeq })}\n\n`)
    clients.add(res)
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000)
    req.on('close', () => {
      clearInterval(keepAlive)
      clients.delete(res)
    })
  }

  async function serveFile(pathname: string, res: ServerResponse): Promise<void> {
    const relative = pathname === '/' ? 'harness.html' : decodeURIComponent(pathname).replace(/^\/+/, '')
    const file = normalize(join(staticDir, relative))
    if (!file.startsWith(staticDir + sep)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    let content: Buffer
    try {
      content = await readFile(file)
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    res.writeHead(200, { 'content-type': contentTypeOf(file), 'cache-control': 'no-store' })
    res.end(content)
  }

  try {
    await new Promise<void>((ok, fail) => {
      server.once('error', fail)
      server.listen(opts.port ?? 0, '127.0.0.1', () => ok())
    })
  } catch (err) {
    await harnessCore.close()
    throw err
  }
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  let closed: Promise<void> | null = null
  return {
    url: `${origin}/`,
    core,
    dataDir: harnessCore.dataDir,
    notify: harnessCore.notify,
    close: () =>
      (closed ??= (async () => {
        for (const res of clients) res.end()
        clients.clear()
        for (const socket of sockets) socket.close()
        sockets.clear()
        server.closeAllConnections()
        await new Promise<void>((ok) => server.close(() => ok()))
        offEvents()
        await harnessCore.close()
      })()),
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((ok, fail) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY) {
        fail(new Error('body too large'))
        req.destroy()
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => ok(Buffer.concat(chunks).toString('utf8')))
    req.on('error', fail)
  })
}
