import { FaultSchema } from './fault-schema'
import type { Fault, RequestLogEntry } from './types'

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
    const fault = FaultSchema.parse(input)
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
