import type { z } from 'zod'

/** A yes/no answer to "would this schema accept the value?", without building the parsed copy. */
export type Check = (value: unknown) => boolean

interface Def {
  type: string
  shape?: Record<string, { _zod: { def: Def } }>
  catchall?: unknown
  element?: { _zod: { def: Def } }
  innerType?: { _zod: { def: Def } }
  entries?: Record<string, string | number>
  format?: string
  checks?: { _zod: { def: { check: string; value?: unknown; inclusive?: boolean } } }[]
}

/**
 * Compiles a check from a zod schema's own definition (so the shape is still written once, in
 * shared/api). A full sync validates 100,000 products: zod's parse builds a validated copy of each,
 * which costs as much time as JSON.parse itself and doubles the garbage. The check accepts exactly
 * what the schema accepts for the constructs it knows (objects, arrays, strings, numbers with
 * integer/positive checks, booleans, enums, optional, nullable, default); for anything else it
 * returns null and the caller uses the schema itself. Agreement is tested with fast-check.
 */
export function compileCheck(schema: z.ZodType): Check | null {
  try {
    return compile((schema as unknown as { _zod: { def: Def } })._zod.def)
  } catch {
    return null
  }
}

class Unsupported extends Error {}

function compile(def: Def): Check {
  switch (def.type) {
    case 'string':
      if (def.checks?.length) throw new Unsupported()
      return (v) => typeof v === 'string'
    case 'boolean':
      return (v) => typeof v === 'boolean'
    case 'number':
      return numberCheck(def)
    case 'enum': {
      const values = new Set(Object.values(def.entries ?? {}))
      return (v) => (typeof v === 'string' || typeof v === 'number') && values.has(v)
    }
    case 'optional':
    case 'default': {
      const inner = compile(def.innerType!._zod.def)
      return (v) => v === undefined || inner(v)
    }
    case 'nullable': {
      const inner = compile(def.innerType!._zod.def)
      return (v) => v === null || inner(v)
    }
    case 'array': {
      if (def.checks?.length) throw new Unsupported()
      const element = compile(def.element!._zod.def)
      return (v) => {
        if (!Array.isArray(v)) return false
        for (const item of v) if (!element(item)) return false
        return true
      }
    }
    case 'object': {
      if (def.catchall !== undefined || def.checks?.length) throw new Unsupported()
      const fields = Object.entries(def.shape ?? {}).map(([key, s]) => [key, compile(s._zod.def)] as const)
      return (v) => {
        if (typeof v !== 'object' || v === null || Array.isArray(v)) return false
        const o = v as Record<string, unknown>
        for (const [key, check] of fields) if (!check(o[key])) return false
        return true
      }
    }
    default:
      throw new Unsupported()
  }
}

function numberCheck(def: Def): Check {
  const tests: ((n: number) => boolean)[] = [Number.isFinite]
  if (def.format === 'safeint') tests.push(Number.isSafeInteger)
  else if (def.format !== undefined) throw new Unsupported()
  for (const c of def.checks ?? []) {
    const { check, value, inclusive } = c._zod.def
    if (check === 'number_format') continue
    if (typeof value !== 'number') throw new Unsupported()
    if (check === 'greater_than') tests.push(inclusive ? (n) => n >= value : (n) => n > value)
    else if (check === 'less_than') tests.push(inclusive ? (n) => n <= value : (n) => n < value)
    else throw new Unsupported()
  }
  return (v) => typeof v === 'number' && tests.every((t) => t(v))
}
