import { z } from 'zod'
import type { Fault, RequestLogEntry } from './types'

/** The shape of an injected fault (also validates the body of POST /_test/faults). */
const FaultMatchSchema = z.object({ method: z.string().min(1).max(10).optional(), path: z.string().max(500).optional(), query: z.string().max(500).optional() }).optional()
const times = z.int().min(1).optional()
export const FaultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('latency'), ms: z.int().min(0).max(120_000), match: FaultMatchSchema }),
  z.object({
    kind: z.literal('status'),
    status: z.union([z.literal(500), z.literal(502), z.literal(503), z.literal(429)]),
    retryAfterSeconds: z.int().min(0).max(86_400).optional(),
    times: z.int().min(1).optional(),
    match: FaultMatchSchema,
  }),
  z.object({ kind: z.literal('dropAfterCommit'), times: z.int().min(1).optional(), match: FaultMatchSchema }),
  z.object({ kind: z.literal('dropBefore'), times: z.int().min(1).optional(), match: FaultMatchSchema }),
  z.object({ kind: z.literal('hugeBody'), bytes: z.int().min(1).max(2 ** 40).optional(), declareLength: z.boolean().optional(), times, match: FaultMatchSchema }),
  z.object({ kind: z.literal('endless'), bytesPerSecond: z.int().min(1).optional(), times, match: FaultMatchSchema }),
  z.object({ kind: z.literal('slow'), bytesPerSecond: z.int().min(1).optional(), times, match: FaultMatchSchema }),
  z.object({ kind: z.literal('bomb'), encoding: z.enum(['gzip', 'br']).optional(), times, match: FaultMatchSchema }),
  z.object({ kind: z.literal('deepJson'), depth: z.int().min(1).max(10_000_000).optional(), times, match: FaultMatchSchema }),
  z.object({ kind: z.literal('captivePortal'), status: z.union([z.literal(200), z.literal(302), z.literal(511)]).optional(), times, match: FaultMatchSchema }),
  z.object({
    kind: z.literal('reshape'),
    set: z.record(z.string().min(1).max(200), z.unknown()).optional(),
    unset: z.array(z.string().min(1).max(200)).max(50).optional(),
    rows: z.int().min(1).optional(),
    /** Only the list rows (or the resource) with these ids: a real service's odd records are odd whichever page carries them. */
    ids: z.array(z.int()).max(1000).optional(),
    match: FaultMatchSchema,
  }),
])

interface ActiveFault {
  fault: Fault
  remaining: number
  method?: string
  path?: RegExp
  query?: RegExp
}

export type ReshapeFault = Extract<Fault, { kind: 'reshape' }>

export interface FaultDecision {
  latencyMs: number
  /** Every matching reshape, applied in order to the answer. */
  reshapes: ReshapeFault[]
  /** The first matching status or drop fault, if any (its `times` has been counted down). */
  action?: Exclude<Fault, { kind: 'latency' | 'reshape' }>
}

/** Injected faults, consulted per request (test mode only). Latencies add up; the first other fault wins. */
export class Faults {
  private active: ActiveFault[] = []

  add(input: Fault): void {
    const fault = FaultSchema.parse(input) as Fault
    const match = fault.match
    const pattern = (source: string | undefined, what: string) => {
      try {
        return source !== undefined ? new RegExp(source) : undefined
      } catch {
        throw new RangeError(`Invalid fault ${what} pattern: ${source}`)
      }
    }
    const path = pattern(match?.path, 'path')
    const query = pattern(match?.query, 'query')
    const times = 'times' in fault && fault.times !== undefined ? fault.times : Number.POSITIVE_INFINITY
    this.active.push({ fault, remaining: times, method: match?.method?.toUpperCase(), path, query })
  }

  clear(): void {
    this.active = []
  }

  get size(): number {
    return this.active.length
  }

  take(method: string, path: string, query = ''): FaultDecision {
    const decision: FaultDecision = { latencyMs: 0, reshapes: [] }
    for (const a of this.active) {
      if (a.method !== undefined && a.method !== method) continue
      if (a.path !== undefined && !a.path.test(path)) continue
      if (a.query !== undefined && !a.query.test(query)) continue
      if (a.fault.kind === 'latency') decision.latencyMs += a.fault.ms
      else if (a.fault.kind === 'reshape') decision.reshapes.push(a.fault)
      else if (!decision.action && a.remaining > 0) {
        decision.action = a.fault
        a.remaining--
      }
    }
    this.active = this.active.filter((a) => a.remaining > 0)
    return decision
  }
}

const LOG_LIMIT = 20_000

/** Every request the sandbox answered (or dropped), newest last; capped so a long run stays small. */
export class RequestLog {
  private entries: RequestLogEntry[] = []

  push(entry: RequestLogEntry): void {
    this.entries.push(entry)
    if (this.entries.length > LOG_LIMIT) this.entries.splice(0, this.entries.length - LOG_LIMIT)
  }

  list(): RequestLogEntry[] {
    return this.entries.map((e) => ({ ...e }))
  }

  clear(): void {
    this.entries = []
  }
}

/** A reshape fault applied to a parsed JSON answer (see the Fault type). */
export function reshapeBody(body: unknown, fault: ReshapeFault): unknown {
  const items = Array.isArray(body) ? body : [body]
  const ids = fault.ids && new Set(fault.ids)
  const chosen = ids ? items.filter((r) => r !== null && typeof r === 'object' && ids.has((r as { id?: unknown }).id as number)) : items
  const targets = Array.isArray(body) ? chosen.slice(0, fault.rows ?? chosen.length) : chosen
  for (const target of targets) {
    for (const [path, value] of Object.entries(fault.set ?? {})) atPath(target, path, (parent, key) => (parent[key] = structuredClone(value)))
    for (const path of fault.unset ?? []) atPath(target, path, (parent, key) => delete parent[key])
  }
  return body
}

/** Calls `fn` with the object holding the last segment of a dotted path, if the path leads to one. */
function atPath(target: unknown, path: string, fn: (parent: Record<string, unknown>, key: string) => void): void {
  const keys = path.split('.')
  let node = target
  for (const key of keys.slice(0, -1)) {
    if (node === null || typeof node !== 'object') return
    node = (node as Record<string, unknown>)[key]
  }
  if (node !== null && typeof node === 'object') fn(node as Record<string, unknown>, keys[keys.length - 1]!)
}
