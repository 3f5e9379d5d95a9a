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
 * What readAnswer (shared/api/reading.ts) mends in a value of a schema before parsing it again, and
 * where: in the members of an object, and in the elements of a list. As plain data it crosses into
 * the sync worker, which mends a product the check refused the same way (tolerated, product-row.ts).
 */
export interface Tolerance {
  members?: Record<string, MemberTolerance>
  each?: Tolerance
}

/**
 * What an object member may be sent as: a number as the decimal it spells ("12.50"), null for not
 * set (where the schema takes it missing but not null: readAnswer then leaves it out). Only members:
 * readAnswer mends what zod's invalid_type issues name in an object, so not a list's own elements
 * nor a union's options (zod names the union), nor an enum's null (an invalid_value).
 */
export interface MemberTolerance extends Tolerance {
  number?: true
  nullUnset?: true
}

/** The types whose null zod refuses as an invalid_type. */
const NULL_REFUSED_AS_TYPE = ['string', 'number', 'boolean', 'object', 'array']

/** See Tolerance; null where the schema tolerates nothing. */
export function tolerance(schema: z.ZodType): Tolerance | null {
  return toleranceOf((schema as unknown as { _zod: { def: Def } })._zod.def)
}

function toleranceOf(def: Def): Tolerance | null {
  const { inner } = unwrapped(def)
  if (inner.type === 'array') {
    const each = toleranceOf(inner.element!._zod.def)
    return each && { each }
  }
  if (inner.type !== 'object') return null
  const members = Object.entries(inner.shape ?? {}).flatMap(([key, field]) => {
    const member = memberToleranceOf(field._zod.def)
    return member ? [[key, member] as const] : []
  })
  return members.length ? { members: Object.fromEntries(members) } : null
}

function memberToleranceOf(def: Def): MemberTolerance | null {
  const { inner, nullable, missing } = unwrapped(def)
  const member: MemberTolerance = { ...toleranceOf(inner) }
  if (inner.type === 'number') member.number = true
  if (missing && !nullable && NULL_REFUSED_AS_TYPE.includes(inner.type)) member.nullUnset = true
  return Object.keys(member).length ? member : null
}

/** A definition without its optional, nullable and default wrappers, and whether it takes null and a missing value. */
function unwrapped(def: Def): { inner: Def; nullable: boolean; missing: boolean } {
  let inner = def
  let nullable = false
  let missing = false
  while (inner.innerType && ['optional', 'nullable', 'default'].includes(inner.type)) {
    if (inner.type === 'nullable') nullable = true
    else missing = true
    inner = inner.innerType._zod.def
  }
  return { inner, nullable, missing }
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
