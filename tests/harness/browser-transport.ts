/**
 * BROWSER HARNESS ONLY — the stand-in for Electron's preload. Loaded by renderer/harness.html
 * before the app, it builds `window.api` with the same buildApi() as the preload, over one
 * WebSocket to tests/harness/server.ts (`/ipc`): calls and their replies, and the core's events,
 * on one ordered pipe as in Electron. httpTransport (`POST /invoke`, server-sent `GET /events`)
 * is the same over HTTP, for pages without the socket.
 */
import { buildApi, type Transport } from '../../shared/ipc/api-builder'

/** How long a reply waits for the events sent before it (then it is delivered anyway). */
const ORDER_WAIT_MS = 3000

export function httpTransport(base = ''): Transport {
  const listeners = new Set<(event: string, payload: unknown) => void>()
  let seen = -1
  let waiting: { upTo: number; done: () => void }[] = []

  // Opened at once, not on first subscribe, so no event is missed while the app starts.
  const source = new EventSource(`${base}/events`)
  source.onmessage = (message) => {
    let parsed: { seq?: unknown; event?: unknown; payload?: unknown }
    try {
      parsed = JSON.parse(String(message.data)) as typeof parsed
    } catch {
      return
    }
    if (typeof parsed.event === 'string') for (const listener of listeners) listener(parsed.event, parsed.payload)
    if (typeof parsed.seq === 'number') {
      seen = Math.max(seen, parsed.seq)
      waiting = waiting.filter((w) => (w.upTo <= seen ? (w.done(), false) : true))
    }
  }

  /**
   * In Electron, events and replies share one pipe: an event the core sent before answering arrives
   * before the answer. Here they travel on two connections, so a reply waits for those events.
   */
  function eventsUpTo(upTo: number): Promise<void> {
    if (upTo <= seen) return Promise.resolve()
    return new Promise((resolve) => {
      const entry = { upTo, done: () => resolve() }
      waiting.push(entry)
      setTimeout(() => {
        waiting = waiting.filter((w) => w !== entry)
        resolve()
      }, ORDER_WAIT_MS)
    })
  }

  return {
    async invoke(channel, input) {
      try {
        const res = await fetch(`${base}/invoke`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ channel, input }),
        })
        const reply: unknown = await res.json()
        await eventsUpTo(Number(res.headers.get('x-event-seq') ?? -1))
        return reply
      } catch (err) {
        return { ok: false, error: { code: 'internal', message: `The browser harness did not answer (${(err as Error).message}).` } }
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

const NOT_ANSWERED = (why: string) => ({ ok: false, error: { code: 'internal', message: `The browser harness did not answer (${why}).` } })

/** The harness's /ipc beside the page (this file is checked without the DOM's types, hence no `location`). */
function pageSocketUrl(): string {
  const page = new URL((globalThis as { location?: { href: string } }).location?.href ?? 'http://127.0.0.1/')
  return `${page.protocol === 'https:' ? 'wss' : 'ws'}://${page.host}/ipc`
}

/** window.api over the harness's WebSocket: a frame each way per call, as cheap as Electron's IPC. */
export function socketTransport(url = pageSocketUrl()): Transport {
  const listeners = new Set<(event: string, payload: unknown) => void>()
  const replies = new Map<number, (reply: unknown) => void>()
  let next = 0
  // Opened at once, not on first call, so no event is missed while the app starts.
  const socket = new WebSocket(url)
  const opened = new Promise<boolean>((done) => {
    socket.addEventListener('open', () => done(true), { once: true })
    socket.addEventListener('close', () => done(false), { once: true })
  })
  socket.addEventListener('message', (message) => {
    let parsed: { id?: unknown; reply?: unknown; event?: unknown; payload?: unknown }
    try {
      parsed = JSON.parse(String(message.data)) as typeof parsed
    } catch {
      return
    }
    if (typeof parsed.id === 'number') {
      replies.get(parsed.id)?.(parsed.reply)
      replies.delete(parsed.id)
    } else if (typeof parsed.event === 'string') for (const listener of listeners) listener(parsed.event, parsed.payload)
  })
  socket.addEventListener('close', () => {
    for (const reply of replies.values()) reply(NOT_ANSWERED('the connection closed'))
    replies.clear()
  })

  return {
    invoke(channel, input) {
      const send = (): Promise<unknown> => {
        if (socket.readyState !== WebSocket.OPEN) return Promise.resolve(NOT_ANSWERED('no connection'))
        const id = ++next
        return new Promise((resolve) => {
          replies.set(id, resolve)
          socket.send(JSON.stringify({ id, channel, input }))
        })
      }
      // Sent in the caller's own task once the socket is open, as ipcRenderer.invoke sends: not after
      // the renders Vue has queued meanwhile.
      return socket.readyState === WebSocket.CONNECTING ? opened.then(send) : send()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

;(globalThis as { api?: unknown }).api = buildApi(socketTransport())
