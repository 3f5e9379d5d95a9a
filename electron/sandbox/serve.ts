import type { Hono } from 'hono'
import { buildApp } from './app'
import { createControl } from './control'
import { registerImages } from './images'
import { openApiDocument } from './openapi'
import { API_PREFIX, type Env } from './operation'
import { Simulator } from './domain/workflow'
import { operations } from './routes'
import { SandboxServer } from './server'
import { openSandboxState } from './open-state'
import { resolveOptions, type SandboxState } from './state'
import type { Sandbox, SandboxOptions } from './types'

/** Routes a caller adds beside the service's own (the test server's `/_test`), given the running state and listener. */
export type SandboxExtension = (app: Hono<Env>, state: SandboxState, server: () => SandboxServer) => void

/**
 * Starts our implementation of the wholesale ordering API on 127.0.0.1, with the service's routes
 * and whatever `extend` adds. It never prints and never exits the process. Callers go through
 * index.ts (tests, CLI: test mode possible) or embedded.ts (the app's demo: never test routes).
 */
export async function serveSandbox(opts: SandboxOptions, extend?: SandboxExtension): Promise<Sandbox> {
  const options = resolveOptions(opts)
  const state = openSandboxState(options)
  // The cancel route is ours (the real service cancels only in its web interface): a sandbox that
  // answers like the real service does not have it, so a client calling it anyway meets a 404.
  const served = options.cancelOrder ? operations : operations.filter((op) => op.operationId !== 'cancelOrder')
  const app = buildApp(state, served, (a) => {
    registerImages(a, state)
    let openApi: string | undefined
    a.get(`${API_PREFIX}/openapi.json`, () => {
      openApi ??= JSON.stringify(openApiDocument(served, state.baseUrl))
      return new Response(openApi, { headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(openApi)) } })
    })
    // Ours, not the service's: what this sandbox offers beyond the public record, asked for by the
    // client (the real service has no such path and answers 404, so nothing extra is assumed there).
    a.get(`${API_PREFIX}/sandbox/capabilities`, (c) => c.json({ cancelOrder: options.cancelOrder }))
    extend?.(a, state, () => server)
  })
  const server = new SandboxServer(app)
  let port: number
  try {
    port = await server.listen(options.port)
  } catch (err) {
    state.store.close()
    throw err
  }
  const simulator = new Simulator(state)
  simulator.start()
  const url = `http://127.0.0.1:${port}`
  state.baseUrl = `${url}${API_PREFIX}`
  const demo = state.credentials.find((c) => c.organisationId === 1 && c.admin)!
  let closed = false
  return {
    url,
    baseUrl: state.baseUrl,
    demo,
    clients: state.credentials,
    control: createControl(state, server),
    async close() {
      if (closed) return
      closed = true
      simulator.stop()
      await server.close()
      state.store.close()
    },
  }
}
