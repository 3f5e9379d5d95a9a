import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import type { Hono } from 'hono'
import type { Env } from './operation'

/**
 * The HTTP listener on 127.0.0.1. pause() closes the port and every open connection (the service
 * going offline); resume() listens again on the same port.
 */
export class SandboxServer {
  private readonly server: Server
  private readonly sockets = new Set<Socket>()
  private listening = false
  private closed = false
  port = 0

  constructor(app: Hono<Env>) {
    // overrideGlobalObjects: false — embedded in the Electron main process, we must not replace globals.
    this.server = createAdaptorServer({ fetch: app.fetch, overrideGlobalObjects: false }) as Server
    this.server.keepAliveTimeout = 5_000
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket)
      socket.once('close', () => this.sockets.delete(socket))
    })
  }

  listen(port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const onError = (err: Error) => reject(err)
      this.server.once('error', onError)
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', onError)
        this.listening = true
        const address = this.server.address()
        this.port = typeof address === 'object' && address ? address.port : port
        resolve(this.port)
      })
    })
  }

  async pause(): Promise<void> {
    if (!this.listening) return
    this.listening = false
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()))
    for (const s of this.sockets) s.destroy()
    this.server.closeAllConnections()
    await closed
  }

  async resume(): Promise<void> {
    // A pause timer may fire after close(): a closed sandbox never listens again.
    if (this.listening || this.closed) return
    await this.listen(this.port)
  }

  async close(): Promise<void> {
    this.closed = true
    await this.pause()
  }
}
