/**
 * BROWSER HARNESS ONLY — the stand-in for Electron's preload. Loaded by renderer/harness.html
 * before the app, it builds `window.api` with the same buildApi() as the preload, over one
 * WebSocket to tests/harness/server.ts (`/ipc`): calls and their replies, and the core's events,
 * on one ordered pipe as in Electron. (The harness also answers `POST /invoke` and streams
 * `GET /events`, for scripts; the page does not use them.)
 */
import { buildApi, type Transport } from '../../shared/ipc/api-builder'

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
