import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { recordSuite } from '../../tests/support/sandbox/record-suite'
import { API_PATH } from '../../tests/support/sandbox/record-client'

/**
 * Spec 8 states two bounds on request fields (ship_instructions and provisioning_instructions, 3500
 * characters each); every other bound the sandbox puts on a request is its choice, and so must be
 * in its README. Checked over real HTTP against the sandbox's own OpenAPI document, and by sending
 * the bound and one more.
 */
const rec = recordSuite({ products: 30, orders: 0, speed: 0 })

type Schema = { $ref?: string; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[]; maxLength?: number; maxItems?: number; maximum?: number }
interface OpenApi {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>
  components: { schemas: Record<string, Schema> }
}

/** Each request field's upper bound (maxLength, maxItems or maximum) by its name, as the OpenAPI document states it. */
function requestBounds(doc: OpenApi): Map<string, Set<number>> {
  const bounds = new Map<string, Set<number>>()
  const walk = (s: Schema, field: string) => {
    if (s.$ref) return walk(doc.components.schemas[s.$ref.split('/').pop()!]!, field)
    for (const sub of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(sub, field)
    for (const bound of [s.maxLength, s.maxItems, s.maximum]) {
      // An id's bound is the largest safe integer: a property of JSON numbers, not a choice.
      if (bound !== undefined && bound < Number.MAX_SAFE_INTEGER) bounds.set(field, (bounds.get(field) ?? new Set()).add(bound))
    }
    for (const [name, sub] of Object.entries(s.properties ?? {})) walk(sub, name)
    if (s.items) walk(s.items, field)
  }
  for (const methods of Object.values(doc.paths)) {
    for (const op of Object.values(methods)) for (const content of Object.values(op.requestBody?.content ?? {})) walk(content.schema, '')
  }
  return bounds
}

/** The README's limits table: `field`, `field` | 255 characters. */
function readmeBounds(): Map<string, Set<number>> {
  const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8')
  const start = readme.indexOf('<!-- limits:start -->')
  const table = start < 0 ? '' : readme.slice(start, readme.indexOf('<!-- limits:end -->'))
  const bounds = new Map<string, Set<number>>()
  for (const row of table.split('\n').filter((l) => l.startsWith('| `'))) {
    const [fields, bound] = row.split('|').slice(1, 3).map((c) => c.trim())
    const value = Number(/^[\d,]+/.exec(bound!)![0].replaceAll(',', ''))
    for (const [, field] of fields!.matchAll(/`([a-z0-9_]+)`/g)) bounds.set(field!, (bounds.get(field!) ?? new Set()).add(value))
  }
  return bounds
}

const sorted = (m: Map<string, Set<number>>) => [...m].map(([field, values]) => `${field} ${[...values].sort((a, b) => a - b).join('/')}`).sort()

describe('limits on requests: spec 8 states two, the sandbox README states the rest', () => {
  it('the README\u2019s limits table names every bound the sandbox\u2019s OpenAPI document puts on a request field, and no other', async () => {
    const doc = (await (await fetch(`${rec.sb.url}${API_PATH}/openapi.json`)).json()) as OpenApi
    const served = requestBounds(doc)
    expect(served.get('ship_instructions')).toEqual(new Set([3500]))
    expect(served.get('provisioning_instructions')).toEqual(new Set([3500]))
    expect(sorted(readmeBounds())).toEqual(sorted(served))
  })

  it('takes a text field at its bound and refuses one character more, naming the field', async () => {
    const address = { addr_line_1: '1 Limit Road', city: 'Leeds', postal_code: 'LS1 1AA', country_code: 1 }
    const order = (over: Record<string, unknown>) => ({ shipping_address: address, shipping_type: 1, line_items: [{ product_code: 'LIC-SEC-1Y', quantity: 1 }], ...over })
    for (const field of ['name', 'purchase_order_number', 'end_user']) {
      const bound = [...readmeBounds().get(field)!][0]!
      expect((await rec.api.post('/baskets', order({ [field]: 'x'.repeat(bound) }))).status, field).toBe(201)
      const over = await rec.api.post<{ errors: { field: string }[] }>('/baskets', order({ [field]: 'x'.repeat(bound + 1) }))
      expect(over.status, field).toBe(422)
      expect(over.body.errors.map((e) => e.field), field).toEqual([field])
    }
  })
})
