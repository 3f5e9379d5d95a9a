import type { z } from 'zod'

/** A yes/no answer to "would this schema accept the value?", without building the parsed copy. */
type Check = (value: unknown) => boolean

interface Def {
  type: string
  shape?: Record<string, { _zod: { def: Def } }>
  catchall?: unknown
  element?: { _zod: { def: Def } }
  innerType?: { _zod: { def: Def } }
  options?: { _zod: { def: Def } }[]
  entries?: Record<string, string | number>
  format?: string
  checks?: { _zod: { def: { check: string; value?: unknown; inclusive?: boolean } } }[]
}

/**
 * Compiles a check from a zod schema's own definition (so the shape is still written once, in
 * shared/api). A full sync validates 100,000 products: zod's parse builds a validated copy of each,
 * which costs as much time as JSON.parse itself and doubles the garbage. The check accepts exactly
 * what the schema accepts for the constructs it knows (objects, arrays, strings, numbers with
 * integer/positive checks, booleans, enums, unions, optional, nullable, default); for anything else it
 * returns null and the caller uses the schema itself. Agreement is tested with fast-check.
 */
export function compileCheck(schema: z.ZodType): Check | null {
  const source = checkSource(schema)
  return source === null ? null : (new Function(`return ${source}`)() as Check)
}

/**
 * The check as the source of one self-contained JavaScript function expression: straight-line
 * code per object shape, which V8 runs several times faster than a tree of closures. Being plain
 * source, it also crosses into the sync worker (see sync-worker-source.ts) as text.
 */
export function checkSource(schema: z.ZodType): string | null {
  try {
    const emitter = new Emitter()
    const root = emitter.fn((schema as unknown as { _zod: { def: Def } })._zod.def)
    return `(function () {\n${emitter.functions.join('\n')}\nreturn ${root}\n})()`
  } catch (err) {
    if (err instanceof Unsupported) return null
    throw err
  }
}

/**
 * Where a schema holds numbers, at any depth: `true` for an object member that is a number
 * (optional, nullable or defaulted alike), a one-element list for what each element of a list
 * holds, an object for what its members hold; null where it holds none. As plain data it crosses
 * into the sync worker, which reads numbers sent as text there (withNumbersSpelled). It covers the
 * places readAnswer reads them at: object members named by zod's invalid_type issues, so neither a
 * list's own elements nor a union's options (zod names the union, not the member).
 */
export function numberPlaces(schema: z.ZodType): NumberPlaces | null {
  const places = placesOf((schema as unknown as { _zod: { def: Def } })._zod.def)
  return places === true ? null : places
}

/** See numberPlaces. */
export type NumberPlaces = true | readonly [NumberPlaces] | { readonly [key: string]: NumberPlaces }

function placesOf(def: Def): NumberPlaces | null {
  if (def.innerType && ['optional', 'nullable', 'default'].includes(def.type)) return placesOf(def.innerType._zod.def)
  if (def.type === 'number') return true
  if (def.type === 'array') {
    const element = placesOf(def.element!._zod.def)
    return element === null || element === true ? null : [element]
  }
  if (def.type !== 'object') return null
  const members = Object.entries(def.shape ?? {}).flatMap(([key, field]) => {
    const places = placesOf(field._zod.def)
    return places === null ? [] : [[key, places] as const]
  })
  return members.length ? Object.fromEntries(members) : null
}

class Unsupported extends Error {}

class Emitter {
  readonly functions: string[] = []

  /** A named function checking `v` against the definition; returns its name. */
  fn(def: Def): string {
    const name = `c${this.functions.length}`
    this.functions.push('')
    this.functions[Number(name.slice(1))] = `function ${name}(v) { return ${this.expr(def, 'v')} }`
    return name
  }

  /** A boolean expression over the variable `x`. */
  expr(def: Def, x: string): string {
    switch (def.type) {
      case 'string':
        if (def.checks?.length) throw new Unsupported()
        return `typeof ${x} === 'string'`
      case 'boolean':
        return `typeof ${x} === 'boolean'`
      case 'number':
        return this.number(def, x)
      case 'enum': {
        const values = [...new Set(Object.values(def.entries ?? {}))]
        return values.length ? `(${values.map((v) => `${x} === ${JSON.stringify(v)}`).join(' || ')})` : 'false'
      }
      case 'optional':
      case 'default':
        return `(${x} === undefined || ${this.expr(def.innerType!._zod.def, x)})`
      case 'nullable':
        return `(${x} === null || ${this.expr(def.innerType!._zod.def, x)})`
      case 'union':
        // Accepted when any option accepts it (a currency named by a code or an id).
        return `(${def.options!.map((o) => this.expr(o._zod.def, x)).join(' || ')})`
      case 'array': {
        if (def.checks?.length) throw new Unsupported()
        const element = this.fn(def.element!._zod.def)
        const name = `c${this.functions.length}`
        this.functions.push(`function ${name}(a) { if (!Array.isArray(a)) return false; for (let i = 0; i < a.length; i++) if (!${element}(a[i])) return false; return true }`)
        return `${name}(${x})`
      }
      case 'object': {
        // A loose object (catchall unknown) accepts any extra key: nothing more to check.
        const catchall = (def.catchall as { _zod?: { def: Def } } | undefined)?._zod?.def.type
        if ((def.catchall !== undefined && catchall !== 'unknown') || def.checks?.length) throw new Unsupported()
        const name = `c${this.functions.length}`
        this.functions.push('')
        const lines = Object.entries(def.shape ?? {}).map(
          ([key, s], i) => `  const f${i} = o[${JSON.stringify(key)}]; if (!(${this.expr(s._zod.def, `f${i}`)})) return false`,
        )
        this.functions[Number(name.slice(1))] =
          `function ${name}(o) {\n  if (typeof o !== 'object' || o === null || Array.isArray(o)) return false\n${lines.join('\n')}\n  return true\n}`
        return `${name}(${x})`
      }
      default:
        throw new Unsupported()
    }
  }

  private number(def: Def, x: string): string {
    const tests = [`typeof ${x} === 'number'`, `Number.isFinite(${x})`]
    if (def.format === 'safeint') tests.push(`Number.isSafeInteger(${x})`)
    else if (def.format !== undefined) throw new Unsupported()
    for (const c of def.checks ?? []) {
      const { check, value, inclusive } = c._zod.def
      if (check === 'number_format') continue
      if (typeof value !== 'number' || !Number.isFinite(value)) throw new Unsupported()
      if (check === 'greater_than') tests.push(`${x} ${inclusive ? '>=' : '>'} ${value}`)
      else if (check === 'less_than') tests.push(`${x} ${inclusive ? '<=' : '<'} ${value}`)
      else throw new Unsupported()
    }
    return `(${tests.join(' && ')})`
  }
}
