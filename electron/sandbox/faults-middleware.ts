import type { MiddlewareHandler } from 'hono'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import { problemResponse } from './errors'
import { answerHostile, HOSTILE_KINDS, type HostileFault } from './hostile-answers'
import { API_PREFIX, type Env } from './operation'
import type { SandboxState } from './state'
import type { RequestLogEntry } from './types'
import { reshapeBody, type FaultDecision } from './faults'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Outermost middleware: records every request and, in test mode, applies injected faults
 * (latency, an injected status, a dropped connection before or after the work is done, and the
 * hostile answers of hostile-answers.ts).
 * The test admin endpoints are neither logged nor faulted, so a test can always clear faults.
 */
export function faultsAndLog(state: SandboxState): MiddlewareHandler<Env> {
  return async (c, next) => {
    const full = c.req.path
    const path = full === API_PREFIX || full.startsWith(`${API_PREFIX}/`) ? full.slice(API_PREFIX.length) || '/' : full
    if (path.startsWith('/_test/') || path === '/_test') return next()
    const q = c.req.url.indexOf('?')
    const entry: RequestLogEntry = { method: c.req.method, path, status: 0, bytes: 0, query: q < 0 ? '' : c.req.url.slice(q + 1) }
    state.log.push(entry)
    const decision: FaultDecision = state.testMode ? state.faults.take(c.req.method, path, entry.query) : { latencyMs: 0, reshapes: [] }
    if (decision.latencyMs > 0) await sleep(decision.latencyMs)
    const action = decision.action
    if (action?.kind === 'dropBefore') {
      c.env?.incoming?.socket?.destroy()
      return RESPONSE_ALREADY_SENT
    }
    if (action && HOSTILE_KINDS.has(action.kind) && c.env?.outgoing) {
      await answerHostile(action as HostileFault, c.env.outgoing, entry, async () => {
        await next()
        return c.res
      })
      c.res = RESPONSE_ALREADY_SENT
      return RESPONSE_ALREADY_SENT
    }
    if (action?.kind === 'status') {
      const after = action.retryAfterSeconds
      const headers: Record<string, string> =
        after === undefined ? {} : { 'Retry-After': action.retryAfterAs === 'date' ? new Date(Date.now() + after * 1000).toUTCString() : String(after) }
      const res = problemResponse(action.status, 'Injected fault (sandbox test mode)', undefined, headers)
      entry.status = res.status
      entry.bytes = Number(res.headers.get('content-length') ?? 0)
      return res
    }
    await next()
    if (action?.kind === 'dropAfterCommit') {
      c.env?.incoming?.socket?.destroy()
      c.res = RESPONSE_ALREADY_SENT
      return
    }
    const reshapes = decision.reshapes.filter((f) => (f.answers ?? 'ok') === (c.res.ok ? 'ok' : 'error'))
    if (reshapes.length && (c.res.headers.get('content-type') ?? '').includes('json')) {
      let body: unknown = await c.res.json()
      for (const fault of reshapes) body = reshapeBody(body, fault)
      const text = JSON.stringify(body)
      const headers = new Headers(c.res.headers)
      headers.set('content-length', String(Buffer.byteLength(text)))
      // Hono copies the old answer's headers onto a new one: the old length (and a header left out) must not win.
      c.res.headers.delete('content-length')
      for (const name of decision.reshapes.flatMap((f) => f.unsetHeaders ?? [])) {
        headers.delete(name)
        c.res.headers.delete(name)
      }
      c.res = new Response(text, { status: c.res.status, headers })
    }
    entry.status = c.res.status
    entry.bytes = Number(c.res.headers.get('content-length') ?? 0)
  }
}
