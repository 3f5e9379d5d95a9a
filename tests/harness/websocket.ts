import { createHash } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'

/**
 * BROWSER HARNESS ONLY — the least of a WebSocket server (RFC 6455) the harness needs to carry
 * text messages both ways on one connection: the handshake, text frames (fragmented or not),
 * ping/pong and close. One pipe for replies and events, in order, as Electron's IPC is; a call
 * costs a frame each way instead of an HTTP request (5-10 ms in Chromium, where Electron's IPC
 * takes well under one).
 */
export interface TextSocket {
  send(text: string): void
  close(): void
}

const ACCEPT_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11'
const OP = { continuation: 0x0, text: 0x1, binary: 0x2, close: 0x8, ping: 0x9, pong: 0xa } as const

/**
 * Completes the handshake of an upgrade request and answers its text messages with `onText`;
 * null (and the socket ended) if it is not a WebSocket handshake. A message over `maxMessage`
 * bytes, or an unmasked frame from the page, closes the connection.
 */
export function acceptTextSocket(req: IncomingMessage, socket: Duplex, maxMessage: number, onText: (text: string) => void, onClose: () => void): TextSocket | null {
  const key = req.headers['sec-websocket-key']
  if (typeof key !== 'string' || String(req.headers.upgrade ?? '').toLowerCase() !== 'websocket') {
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n')
    return null
  }
  const accept = createHash('sha1').update(key + ACCEPT_GUID).digest('base64')
  socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`)
  ;(socket as Socket).setNoDelay?.(true)

  let open = true
  const end = () => {
    if (!open) return
    open = false
    socket.end()
    onClose()
  }
  const frame = (opcode: number, payload: Buffer) => {
    if (!open) return
    const n = payload.length
    const head = n < 126 ? Buffer.alloc(2) : n < 65_536 ? Buffer.alloc(4) : Buffer.alloc(10)
    head[0] = 0x80 | opcode
    if (n < 126) head[1] = n
    else if (n < 65_536) {
      head[1] = 126
      head.writeUInt16BE(n, 2)
    } else {
      head[1] = 127
      head.writeBigUInt64BE(BigInt(n), 2)
    }
    socket.write(Buffer.concat([head, payload]))
  }

  let pending: Buffer = Buffer.alloc(0)
  let parts: Buffer[] = []
  let partsLength = 0
  socket.on('data', (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk
    while (open && pending.length >= 2) {
      const fin = (pending[0]! & 0x80) !== 0
      const opcode = pending[0]! & 0x0f
      const masked = (pending[1]! & 0x80) !== 0
      let length = pending[1]! & 0x7f
      let at = 2
      if (length === 126) {
        if (pending.length < 4) return
        length = pending.readUInt16BE(2)
        at = 4
      } else if (length === 127) {
        if (pending.length < 10) return
        length = Number(pending.readBigUInt64BE(2))
        at = 10
      }
      // A page's frames are always masked (RFC 6455 5.1); anything else is not our page.
      if (!masked || partsLength + length > maxMessage) return end()
      if (pending.length < at + 4 + length) return
      const mask = pending.subarray(at, at + 4)
      const payload = Buffer.from(pending.subarray(at + 4, at + 4 + length))
      for (let i = 0; i < payload.length; i++) payload[i]! ^= mask[i & 3]!
      pending = pending.subarray(at + 4 + length)
      if (opcode === OP.close) {
        frame(OP.close, Buffer.alloc(0))
        return end()
      }
      if (opcode === OP.ping) frame(OP.pong, payload)
      else if (opcode === OP.text || opcode === OP.continuation) {
        parts.push(payload)
        partsLength += payload.length
        if (fin) {
          const text = Buffer.concat(parts).toString('utf8')
          parts = []
          partsLength = 0
          onText(text)
        }
      }
    }
  })
  socket.on('close', () => {
    if (!open) return
    open = false
    onClose()
  })
  socket.on('error', () => end())
  return {
    send: (text) => frame(OP.text, Buffer.from(text, 'utf8')),
    close: () => {
      frame(OP.close, Buffer.alloc(0))
      end()
    },
  }
}
