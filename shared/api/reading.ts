import { z } from 'zod'
import { numberSpelled } from './money'

/**
 * Reading what the service answers. Each resource has ONE strict schema (what the spec says, what
 * our sandbox serves and what it validates requests with). The client reads answers with a reader
 * derived from it: a field the app only shows falls back to its default, to null, or to a declared
 * value when the service sends it missing, null or of another type, so one odd value degrades that
 * value instead of rejecting the order, product or user (issue 14; spec 9.2: minor releases add
 * data). Fields without a fallback (ids, a total) stay strict: without them the row cannot be used.
 */

type Shape<S extends z.ZodObject> = S['shape']
/** Values to use where the strict schema has neither a default nor null. */
export type Fallbacks<S extends z.ZodObject> = { [K in keyof Shape<S>]?: z.output<Shape<S>[K]> }
/** Fields read by a reader of their own (e.g. an order's line items, each degraded alone). */
type Nested<S extends z.ZodObject> = { [K in keyof Shape<S>]?: z.ZodType<z.output<Shape<S>[K]>> }

const readers = new WeakMap<z.ZodType, z.ZodType>()
/** The readers themselves (an element schema that is one is used as it is). */
const isReader = new WeakSet<z.ZodType>()

/** What a field falls back to: null if the schema takes it, else its default (or undefined). */
function fallbackOf(field: z.ZodType): { value: unknown } | null {
  if (field.safeParse(null).success) return { value: null }
  const missing = field.safeParse(undefined)
  return missing.success ? { value: missing.data } : null
}

/**
 * A list field read element by element: an element that cannot be read even by its own reader is
 * left out, not the whole list with it (one odd line item, shipment, rate plan or permission must
 * not empty the order's lines, its shipments, the product's plans or the user's permissions). The
 * strict parse has already named the field as not fully read.
 */
function elementWise(field: z.ZodType): z.ZodType {
  if (field instanceof z.ZodDefault) return elementWise(field.def.innerType as z.ZodType).default(() => field.def.defaultValue)
  if (field instanceof z.ZodOptional) return elementWise(field.unwrap() as z.ZodType).optional()
  if (field instanceof z.ZodNullable) return elementWise(field.unwrap() as z.ZodType).nullable()
  if (!(field instanceof z.ZodArray)) return field
  const item = field.element as z.ZodType
  const element = isReader.has(item) ? item : readerFor(item)
  return z.array(z.unknown()).transform((items) =>
    items.flatMap((item) => {
      const read = element.safeParse(item)
      return read.success ? [read.data] : []
    }),
  )
}

/** The tolerant reader of `strict` (same output type), remembered for readerFor. */
export function tolerantReader<S extends z.ZodObject>(strict: S, fallbacks: Fallbacks<S> = {}, nested: Nested<S> = {}): S {
  const shape: Record<string, z.ZodType> = {}
  for (const [key, field] of Object.entries(strict.shape as Record<string, z.ZodType>)) {
    const own = elementWise((nested as Record<string, z.ZodType | undefined>)[key] ?? field)
    const fb = key in fallbacks ? { value: (fallbacks as Record<string, unknown>)[key] } : fallbackOf(field)
    shape[key] = fb ? own.catch(fb.value) : own
  }
  const reader = strict.extend(shape) as unknown as S
  readers.set(strict, reader)
  isReader.add(reader)
  return reader
}

/** The reader of a response schema: the declared one, or one derived with the default fallbacks. */
export function readerFor<S extends z.ZodType>(strict: S): S {
  const known = readers.get(strict)
  if (known) return known as S
  if (!(strict instanceof z.ZodObject)) return strict
  return tolerantReader(strict) as unknown as S
}

/** One answer read: the value, and the top-level fields that fell back (empty when fully read). */
export interface Reading<T> {
  value: T
  unread: string[]
}

/**
 * Strict first (the usual case costs one parse); then strict again with null read as "not set"
 * where a field takes no null; on failure the reader, naming what it could not read. Null when
 * even that fails.
 */
export function readAnswer<S extends z.ZodType>(strict: S, raw: unknown): Reading<z.output<S>> | null {
  let exact = strict.safeParse(raw)
  if (!exact.success) {
    const nullsRemoved = withoutRefusedNulls(raw, exact.error.issues)
    if (withNumbersFromText(raw, exact.error.issues) || nullsRemoved) exact = strict.safeParse(raw)
  }
  if (exact.success) return { value: exact.data, unread: [] }
  const degraded = readerFor(strict).safeParse(raw)
  if (!degraded.success) return null
  const unread = [...new Set(exact.error.issues.map((i) => String(i.path[0] ?? '')).filter(Boolean))]
  const value = degraded.data
  if (value !== null && typeof value === 'object') {
    unreadMarks.set(value, unread)
    leftOutMarks.set(value, leftOutElements(raw, value, unread))
  }
  return { value, unread }
}

const unreadMarks = new WeakMap<object, string[]>()
const leftOutMarks = new WeakMap<object, Record<string, number>>()

/** Per list field not fully read: how many of the elements the service sent were left out. */
function leftOutElements(raw: unknown, value: object, unread: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {}
  if (raw === null || typeof raw !== 'object') return counts
  for (const field of unread) {
    const sent = (raw as Record<string, unknown>)[field]
    const kept = (value as Record<string, unknown>)[field]
    if (Array.isArray(sent) && Array.isArray(kept) && sent.length > kept.length) counts[field] = sent.length - kept.length
  }
  return counts
}

/**
 * How many elements of the list `field` readAnswer left out of `value` because it could not read
 * them (0 when none): what is built from the list (a reorder's draft) must say they are missing.
 */
export function leftOutOf(value: unknown, field: string): number {
  return value !== null && typeof value === 'object' ? (leftOutMarks.get(value)?.[field] ?? 0) : 0
}

/** The fields of a value read by readAnswer that could not be read (empty for a complete one). */
export function unreadFields(value: unknown): string[] {
  return value !== null && typeof value === 'object' ? (unreadMarks.get(value) ?? []) : []
}

/** The object member an issue names, if its holder is an object (not a list) that has it. */
function memberAt(value: unknown, path: readonly PropertyKey[]): { members: Record<PropertyKey, unknown>; key: PropertyKey } | null {
  let holder: unknown = value
  for (const key of path.slice(0, -1)) holder = holder !== null && typeof holder === 'object' ? (holder as Record<PropertyKey, unknown>)[key] : undefined
  const key = path.at(-1)!
  if (holder === null || typeof holder !== 'object' || Array.isArray(holder)) return null
  const members = holder as Record<PropertyKey, unknown>
  return Object.hasOwn(members, key) ? { members, key } : null
}

/**
 * A number sent as the decimal it spells ("12.50" for a price: services built on decimal types
 * answer so) is that number; text that is no unambiguous decimal ("12,50") stays as it is, for the
 * reader to mark. Replaces, in place, such members where `issues` say a number was expected; true
 * if any was replaced (then parse again).
 */
function withNumbersFromText(value: unknown, issues: readonly z.core.$ZodIssue[]): boolean {
  let replaced = false
  for (const issue of issues) {
    if (issue.code !== 'invalid_type' || issue.expected !== 'number' || issue.path.length === 0) continue
    const at = memberAt(value, issue.path)
    const n = at && numberSpelled(at.members[at.key])
    if (at && n !== null) {
      at.members[at.key] = n
      replaced = true
    }
  }
  return replaced
}

/**
 * A service may answer null for what is not set, in fields the spec lists only with a type (a
 * shipping address's region, a finance contact's title; the public record does not say whether it
 * sends null or leaves them out): null there means the field is absent, not that the value is odd. Removes, in place, the object members holding null where `issues` say the
 * schema refused their type; true if any was removed (then parse again). The sandbox reads request
 * bodies the same way, so a body read from it can be sent back as it is.
 */
export function withoutRefusedNulls(value: unknown, issues: readonly z.core.$ZodIssue[]): boolean {
  let removed = false
  for (const issue of issues) {
    if (issue.code !== 'invalid_type' || issue.path.length === 0) continue
    const at = memberAt(value, issue.path)
    if (at && at.members[at.key] === null) {
      delete at.members[at.key]
      removed = true
    }
  }
  return removed
}
