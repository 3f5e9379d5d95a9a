import { createServer, connect, type Server, type Socket } from 'node:net'

/**
 * BENCHMARKS ONLY — a TCP proxy on 127.0.0.1 shaped like a real link: every byte in each direction
 * queues behind the others on a link of `mbitPerSecond` (one queue per direction, shared by all
 * connections, as on one Wi-Fi or tethered phone), then arrives half a round trip later. A
 * connection's unsent bytes are bounded (its sender is paused beyond), as a real bottleneck's
 * buffer and TCP flow control bound them. It also counts the bytes it carried.
 */
export interface ShapedLink {
  port: number
  /** Bytes carried so far: towards the service (up) and back (down). */
  bytes: { up: number; down: number }
  resetCounts(): void
  close(): Promise<void>
}

/** Pieces small enough that one connection cannot hold the link for long. */
const PIECE = 16 * 1024
/** Bytes a connection may have waiting on the link before its sender is paused (~2 BDPs at 20 Mbit/s, 50 ms). */
const QUEUE_LIMIT = 256 * 1024

class Direction {
  freeAt = 0
  constructor(
    private readonly bytesPerMs: number,
    private readonly delayMs: number,
    private readonly count: (n: number) => void,
  ) {}

  /** Carries `from` to `to` through this direction of the link. */
  carry(from: Socket, to: Socket): void {
    let queued = 0
    let lastArrival = 0
    from.on('data', (chunk: Buffer) => {
      for (let i = 0; i < chunk.byteLength; i += PIECE) {
        const piece = chunk.subarray(i, i + PIECE)
        const now = performance.now()
        this.freeAt = Math.max(now, this.freeAt) + piece.byteLength / this.bytesPerMs
        lastArrival = this.freeAt + this.delayMs
        queued += piece.byteLength
        this.count(piece.byteLength)
        setTimeout(() => {
          queued -= piece.byteLength
          if (!to.destroyed) to.write(piece)
          if (queued < QUEUE_LIMIT && from.isPaused()) from.resume()
        }, lastArrival - now)
      }
      if (queued >= QUEUE_LIMIT) from.pause()
    })
    from.on('end', () => setTimeout(() => to.end(), Math.max(0, lastArrival - performance.now()) + 1))
    from.on('error', () => to.destroy())
    from.on('close', () => setTimeout(() => to.destroy(), Math.max(0, lastArrival - performance.now()) + 5))
  }
}

export async function shapedLink(targetPort: number, opts: { mbitPerSecond: number; rttMs: number }): Promise<ShapedLink> {
  const bytesPerMs = (opts.mbitPerSecond * 1_000_000) / 8 / 1000
  const bytes = { up: 0, down: 0 }
  const up = new Direction(bytesPerMs, opts.rttMs / 2, (n) => (bytes.up += n))
  const down = new Direction(bytesPerMs, opts.rttMs / 2, (n) => (bytes.down += n))
  const sockets = new Set<Socket>()
  const server: Server = createServer((client) => {
    client.setNoDelay(true)
    const service = connect(targetPort, '127.0.0.1')
    service.setNoDelay(true)
    for (const s of [client, service]) {
      sockets.add(s)
      s.once('close', () => sockets.delete(s))
    }
    up.carry(client, service)
    down.carry(service, client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    bytes,
    resetCounts() {
      bytes.up = bytes.down = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}
