import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Product } from '../../../shared/api'
import { compileCheck } from './schema-check'

/** A product with every nested shape present (rate plans, charges, costs, related products). */
const base = {
  id: 17,
  name: 'Bluepeak Vertex Next-Generation Firewall',
  product_code: 'FW-NGFW-100',
  description: 'd',
  detailed_description: 'dd',
  featured_description: 'a\nb',
  vendor: 2,
  type: 4,
  rrp: 1100.5,
  price: 890,
  thumb_url: 'https://x/t.svg',
  main_image_url: null,
  datasheet_url: 'https://x/d.svg',
  stock: 3,
  provisioning: [{ id: 2, sku: 'PROV-PARTNER-SITE', name: 'P', price: 40, partner: true }],
  maintenance: [],
  related_to: [{ id: 5, sku: 'SW', name: 'S', price: 1, partner: false }],
  shipping_cost: 0,
  show_in_webstore: true,
  discountable: false,
  subscription_type: 'SUBSCRIPTION_KIND_BACKUP',
  subscription_product_type: 'BASE',
  quantity_type: 'QUANTITY',
  rate_plans: [
    {
      id: 1,
      name: 'Monthly',
      term_length: 1,
      billing_frequency: 'monthly',
      renewal_term_length: 1,
      default: true,
      min_quantity: 1,
      max_quantity: 300,
      rate_plan_charges: [{ id: 1, name: 'Seat', charge_type: 'recurring', charge_model: 'per_unit', rate_plan_charge_costs: [{ id: 1, currency: 'GBP', charge_cost_price: 3.5 }], unit_of_measure: 'seat' }],
    },
  ],
  is_shippable: true,
  is_financeable: true,
  weight_unit: 'GRAMS',
  weight: 1200,
}

/** Every path to a value inside the base product. */
function paths(v: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(v)) return [at, ...v.flatMap((x, i) => paths(x, [...at, i]))]
  if (v && typeof v === 'object') return [at, ...Object.entries(v).flatMap(([k, x]) => paths(x, [...at, k]))]
  return [at]
}
const allPaths = paths(base).filter((p) => p.length > 0)

function mutate(path: (string | number)[], value: unknown, remove: boolean): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>
  let target = copy
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>
  const last = path.at(-1)!
  if (remove) delete target[last]
  else target[last] = value
  return copy
}

const oddValues = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(undefined, -1, 0, 0.5, 2 ** 53, -0, '', 'SUBSCRIPTION_KIND_STORAGE', 'ADD_ON', [], {}, Number.NaN, Number.POSITIVE_INFINITY),
)

describe('compileCheck', () => {
  const check = compileCheck(Product)!

  it('compiles the product schema and accepts a valid product', () => {
    expect(check).toBeTypeOf('function')
    expect(check(base)).toBe(true)
    expect(Product.safeParse(base).success).toBe(true)
  })

  it('agrees with zod on products with any one field changed or removed', () => {
    fc.assert(
      fc.property(fc.constantFrom(...allPaths), oddValues, fc.boolean(), (path, value, remove) => {
        const candidate = mutate(path, value, remove)
        expect(check(candidate)).toBe(Product.safeParse(candidate).success)
      }),
      { numRuns: 3000 },
    )
  })

  it('agrees with zod on a union, as on the charge currency named by a code or an id', () => {
    const currency = z.union([z.string(), z.int()]).nullable()
    const compiled = compileCheck(currency)!
    expect(compiled).toBeTypeOf('function')
    fc.assert(
      fc.property(fc.oneof(fc.anything(), oddValues), (v) => {
        expect(compiled(v)).toBe(currency.safeParse(v).success)
      }),
      { numRuns: 1000 },
    )
    expect(check(mutate(['rate_plans', 0, 'rate_plan_charges', 0, 'rate_plan_charge_costs', 0, 'currency'], 1, false))).toBe(true)
  })

  it('agrees with zod on anything at all', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        expect(check(v)).toBe(Product.safeParse(v).success)
      }),
      { numRuns: 500 },
    )
  })

  it('declines schemas it does not know, so callers fall back to zod', () => {
    expect(compileCheck(z.object({ a: z.string().min(2) }))).toBeNull()
    expect(compileCheck(z.union([z.string().min(1), z.number()]))).toBeNull()
    expect(compileCheck(z.record(z.string(), z.number()))).toBeNull()
    expect(compileCheck(z.object({ a: z.number().multipleOf(2) }))).toBeNull()
  })
})
