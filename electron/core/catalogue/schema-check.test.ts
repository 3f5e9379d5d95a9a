import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { numberSpelled, Product, readAnswer } from '../../../shared/api'
import { tolerated } from './product-row'
import { compileCheck, tolerance } from './schema-check'

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

function mutate(path: (string | number)[], value: unknown, remove: boolean, from: unknown = base): unknown {
  const copy = structuredClone(from) as Record<string | number, unknown>
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

describe('tolerance', () => {
  const check = compileCheck(Product)!
  const productTolerance = tolerance(Product)!
  const at = (path: (string | number)[]) => path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], base)
  /** The paths holding a number in the base product, down to a rate plan's costs. */
  const numberPaths = allPaths.filter((path) => typeof at(path) === 'number')
  /** Whether the sync stores the product whole: it passes the check, or does once mended as readAnswer mends it. */
  const wholeInSync = (candidate: unknown) => check(tolerated(candidate, productTolerance, numberSpelled) ?? candidate)
  const wholeForReadAnswer = (candidate: unknown) => readAnswer(Product, structuredClone(candidate))?.unread.length === 0

  it('lets the sync read numbers sent as text wherever readAnswer reads them, and only there', () => {
    expect(numberPaths.map((p) => p.join('.'))).toContain('rate_plans.0.rate_plan_charges.0.rate_plan_charge_costs.0.charge_cost_price')
    const spellings = (n: number) => fc.constantFrom(String(n), ` ${n} `, n.toFixed(2), `${n}e0`, 'abc', '12,50', '', '0x10')
    // A few numbers at once, each sent as text: its decimal, padded, in exponent form, or text that is no number.
    const sent = fc
      .uniqueArray(fc.constantFrom(...numberPaths), { minLength: 1, maxLength: 4 })
      .chain((paths) => fc.tuple(fc.constant(paths), fc.tuple(...paths.map((p) => spellings(at(p) as number)))))
    fc.assert(
      fc.property(sent, ([paths, texts]) => {
        let candidate: unknown = base
        paths.forEach((path, i) => (candidate = mutate(path, texts[i], false, candidate)))
        const asSent = structuredClone(candidate)
        expect(wholeInSync(candidate)).toBe(wholeForReadAnswer(candidate))
        // Read as a copy: the product is left as it came.
        expect(candidate).toEqual(asSent)
      }),
      { numRuns: 2000 },
    )
  })

  it('agrees with readAnswer on products with a few fields changed anywhere, null included', () => {
    const changes = fc.uniqueArray(fc.tuple(fc.constantFrom(...allPaths), fc.oneof(fc.constant(null), oddValues)), { minLength: 1, maxLength: 3, selector: ([path]) => path.join('.') })
    fc.assert(
      fc.property(changes, (changed) => {
        // Deepest first: a change is not made inside a value another one has already replaced.
        const deepestFirst = [...changed].sort(([a], [b]) => b.length - a.length)
        const candidate = deepestFirst.reduce<unknown>((c, [path, value]) => mutate(path, value, false, c), base)
        expect(wholeInSync(candidate)).toBe(wholeForReadAnswer(candidate))
      }),
      { numRuns: 3000 },
    )
    // A list the service sends as null (rate plans of a product without any): not set, so read whole.
    expect(wholeInSync(mutate(['rate_plans'], null, false))).toBe(true)
  })

  it('leaves a product needing nothing alone, and does not look into lists of numbers, unions or enums', () => {
    expect(tolerated(base, productTolerance, numberSpelled)).toBeNull()
    expect(tolerance(z.object({ a: z.array(z.number()), b: z.union([z.string(), z.int()]).optional(), c: z.string(), d: z.enum(['x']).optional() }))).toBeNull()
    expect(tolerance(z.number())).toBeNull()
  })
})
