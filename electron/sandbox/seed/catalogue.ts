import type { Store } from '../db/store'
import { createProductIndexes } from '../db/schema'
import { priceMarker, BASE_MARKER } from '../domain/product-json'
import { round2 } from '../../../shared/api'
import type { RatePlan, SubscriptionKind } from '../../../shared/api'
import type { Random } from './random'
import { PRODUCT_TYPES, VENDORS, typeId, type ProductTypeName } from './reference-data'
import { ADDON_NOUNS, FEATURES, NOUNS, SENTENCES, SERIES, TYPE_CODES } from './catalogue-words'

interface Draft {
  id: number
  name: string
  product_code: string
  vendor: number | null
  type: ProductTypeName | null
  price: number
  popularity: number
  partner?: boolean
  kind?: SubscriptionKind
  subType?: 'BASE' | 'ADD_ON'
  provisioning?: number[]
  maintenance?: number[]
  related?: number[]
}

/**
 * Fixed showcase products at ids 1..18, present for every seed and size: tests and the README's
 * sample flow rely on them. References always point to lower ids so the catalogue streams.
 */
const SHOWCASE_DRAFTS: Draft[] = [
  { id: 1, name: 'Cloud Management Provisioning', product_code: 'PROV-CLOUD-STD', vendor: 1, type: 'Provisioning', price: 25, popularity: 0 },
  { id: 2, name: 'Partner Platform Site Provisioning', product_code: 'PROV-PARTNER-SITE', vendor: 1, type: 'Provisioning', price: 40, popularity: 0, partner: true },
  { id: 3, name: '1 Year Next Business Day Maintenance', product_code: 'MAINT-1Y-NBD', vendor: 1, type: 'Maintenance', price: 45, popularity: 0 },
  { id: 4, name: '3 Year 4 Hour Maintenance', product_code: 'MAINT-3Y-4H', vendor: 1, type: 'Maintenance', price: 180, popularity: 0 },
  { id: 5, name: 'Arcwave Nimbus 24-Port PoE+ Gigabit Switch', product_code: 'SW-24P-POE', vendor: 1, type: 'Switch', price: 420, popularity: 0, provisioning: [1, 2], maintenance: [3, 4] },
  { id: 6, name: 'Arcwave Nimbus Wi-Fi 6 Indoor Access Point', product_code: 'AP-WIFI6-IN', vendor: 1, type: 'Access Point', price: 165, popularity: 0, provisioning: [1], maintenance: [3], related: [5] },
  { id: 7, name: 'Bluepeak Edge Router with 4G Backup', product_code: 'RTR-BRANCH-4G', vendor: 2, type: 'Router', price: 310, popularity: 0, maintenance: [3], related: [5] },
  { id: 8, name: 'Corelink Security Suite Licence 1 Year', product_code: 'LIC-SEC-1Y', vendor: 3, type: 'Software Licence', price: 60, popularity: 0, related: [7] },
  { id: 9, name: 'Datavault Team Storage Subscription', product_code: 'SUB-STOR-BASE', vendor: 4, type: 'Storage Subscription', price: 8, popularity: 0, kind: 'SUBSCRIPTION_KIND_STORAGE', subType: 'BASE' },
  { id: 10, name: 'Datavault Storage Extra 1TB Add-on', product_code: 'SUB-STOR-ADDON', vendor: 4, type: 'Storage Subscription', price: 4, popularity: 0, kind: 'SUBSCRIPTION_KIND_STORAGE', subType: 'ADD_ON', related: [9] },
  { id: 11, name: 'Datavault Cloud Backup Subscription', product_code: 'SUB-BKP-BASE', vendor: 4, type: 'Backup Subscription', price: 3.5, popularity: 0, kind: 'SUBSCRIPTION_KIND_BACKUP', subType: 'BASE' },
  { id: 12, name: 'Everon Meeting Rooms Subscription', product_code: 'SUB-MEET-BASE', vendor: 5, type: 'Meeting Subscription', price: 12, popularity: 0, kind: 'SUBSCRIPTION_KIND_MEETING', subType: 'BASE' },
  { id: 13, name: 'Everon Webinar Add-on', product_code: 'SUB-MEET-ADDON', vendor: 5, type: 'Meeting Subscription', price: 6, popularity: 0, kind: 'SUBSCRIPTION_KIND_MEETING', subType: 'ADD_ON', related: [12] },
  { id: 14, name: 'Fluxnet Universal Rack Mount Kit', product_code: 'AMB-100', vendor: 6, type: 'Accessory', price: 35, popularity: 0 },
  { id: 15, name: 'Gridstone Universal Rack Mount Kit', product_code: 'AMB-100', vendor: 7, type: 'Accessory', price: 32, popularity: 0 },
  { id: 16, name: 'Cat6 Patch Cable 2m (unbranded)', product_code: 'CBL-CAT6-2M', vendor: null, type: null, price: 2.4, popularity: 0 },
  { id: 17, name: 'Bluepeak Vertex Next-Generation Firewall', product_code: 'FW-NGFW-100', vendor: 2, type: 'Firewall', price: 890, popularity: 0, provisioning: [2], maintenance: [4] },
  { id: 18, name: 'Everon Desk IP Phone', product_code: 'PHONE-DESK-IP', vendor: 5, type: 'IP Phone', price: 95, popularity: 0, provisioning: [1], maintenance: [3] },
]

/** Ids and SKUs of the showcase products (stable for every seed). */
export const SHOWCASE = {
  provisioning: { id: 1, sku: 'PROV-CLOUD-STD' },
  partnerProvisioning: { id: 2, sku: 'PROV-PARTNER-SITE' },
  maintenance: { id: 3, sku: 'MAINT-1Y-NBD' },
  maintenance3y: { id: 4, sku: 'MAINT-3Y-4H' },
  switch: { id: 5, sku: 'SW-24P-POE' },
  accessPoint: { id: 6, sku: 'AP-WIFI6-IN' },
  router: { id: 7, sku: 'RTR-BRANCH-4G' },
  licence: { id: 8, sku: 'LIC-SEC-1Y' },
  storage: { id: 9, sku: 'SUB-STOR-BASE' },
  storageAddOn: { id: 10, sku: 'SUB-STOR-ADDON' },
  backup: { id: 11, sku: 'SUB-BKP-BASE' },
  meeting: { id: 12, sku: 'SUB-MEET-BASE' },
  meetingAddOn: { id: 13, sku: 'SUB-MEET-ADDON' },
  /** The same SKU under two vendors (ids 14 and 15). */
  ambiguousSku: 'AMB-100',
  ambiguousIds: [14, 15],
  /** vendor and type null. */
  unbranded: { id: 16, sku: 'CBL-CAT6-2M' },
  /** Its only provisioning option is the partner-platform product. */
  firewall: { id: 17, sku: 'FW-NGFW-100' },
  phone: { id: 18, sku: 'PHONE-DESK-IP' },
} as const
export const SHOWCASE_COUNT = SHOWCASE_DRAFTS.length

const SHIPPABLE = new Set<ProductTypeName>(['Switch', 'Router', 'Access Point', 'Firewall', 'IP Phone', 'Headset', 'Server', 'Cable', 'Accessory'])
const PRICE_RANGE: Record<ProductTypeName, [number, number]> = {
  Switch: [90, 2400],
  Router: [120, 1800],
  'Access Point': [80, 650],
  Firewall: [300, 6000],
  'IP Phone': [45, 420],
  Headset: [25, 260],
  Server: [900, 9000],
  Cable: [1.5, 40],
  'Software Licence': [15, 900],
  'Storage Subscription': [2, 15],
  'Backup Subscription': [1.5, 12],
  'Meeting Subscription': [4, 25],
  Provisioning: [10, 80],
  Maintenance: [20, 600],
  Accessory: [5, 150],
}
const KIND_OF: Partial<Record<ProductTypeName, SubscriptionKind>> = {
  'Storage Subscription': 'SUBSCRIPTION_KIND_STORAGE',
  'Backup Subscription': 'SUBSCRIPTION_KIND_BACKUP',
  'Meeting Subscription': 'SUBSCRIPTION_KIND_MEETING',
}
const UNIT_OF: Record<SubscriptionKind, string> = { SUBSCRIPTION_KIND_STORAGE: 'user', SUBSCRIPTION_KIND_BACKUP: 'seat', SUBSCRIPTION_KIND_MEETING: 'host' }

/** Share of each type in the generated part of the catalogue. */
const TYPE_WEIGHTS: [ProductTypeName, number][] = [
  ['Switch', 12],
  ['Router', 8],
  ['Access Point', 10],
  ['Firewall', 6],
  ['IP Phone', 7],
  ['Headset', 6],
  ['Server', 5],
  ['Cable', 8],
  ['Software Licence', 12],
  ['Storage Subscription', 2],
  ['Backup Subscription', 2],
  ['Meeting Subscription', 2],
  ['Provisioning', 3],
  ['Maintenance', 4],
  ['Accessory', 7],
]
const WEIGHT_TOTAL = TYPE_WEIGHTS.reduce((s, [, w]) => s + w, 0)

function pickType(rng: Random): ProductTypeName {
  let r = rng.next() * WEIGHT_TOTAL
  for (const [t, w] of TYPE_WEIGHTS) if ((r -= w) < 0) return t
  return 'Accessory'
}

/** Generates `total` products with prepared statements inside one transaction, then builds the indexes. */
export function seedCatalogue(store: Store, rng: Random, total: number): void {
  const gen = new Generator(rng.fork('catalogue'))
  const insert = store.db.prepare(
    'INSERT INTO products (id, product_code, sku_lc, name, search, vendor, type, price, popularity, partner) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  )
  const insertDoc = store.db.prepare('INSERT INTO product_docs (id, doc) VALUES (?, ?)')
  store.transaction(() => {
    for (let i = 0; i < PRODUCT_TYPES.length; i++) store.run('INSERT INTO product_types (id, name) VALUES (?, ?)', i + 1, PRODUCT_TYPES[i] as string)
    for (let i = 0; i < VENDORS.length; i++) store.run('INSERT INTO vendors (id, name) VALUES (?, ?)', i + 1, VENDORS[i] as string)
    const count = Math.max(total, SHOWCASE_DRAFTS.length)
    for (let id = 1; id <= count; id++) {
      const d = id <= SHOWCASE_DRAFTS.length ? { ...(SHOWCASE_DRAFTS[id - 1] as Draft), popularity: 1_000_000 - id } : gen.draft(id)
      const doc = gen.serialize(d)
      const code = d.product_code
      insert.run(id, code, code.toLowerCase(), d.name, `${code}\n${d.name}`.toLowerCase(), d.vendor, d.type ? typeId(d.type) : null, d.price, d.popularity, d.partner ? 1 : 0)
      insertDoc.run(id, doc)
    }
  })
  createProductIndexes(store.db)
}

class Generator {
  private readonly refs: { sku: string; name: string; partner: boolean }[] = []
  private readonly provisioningIds: number[] = []
  private readonly maintenanceIds: number[] = []
  private readonly codesByVendor: { code: string; vendor: number }[] = []
  private planId = 0
  private chargeId = 0
  private costId = 0

  constructor(private readonly rng: Random) {}

  draft(id: number): Draft {
    const rng = this.rng
    const type = pickType(rng)
    const vendorIdx = rng.int(0, VENDORS.length - 1)
    const vendorName = VENDORS[vendorIdx] as string
    // About 1 in 100 products has no vendor or type (for the -1 filters).
    const noVendor = rng.chance(0.01)
    const noType = rng.chance(0.01)
    const kind = KIND_OF[type]
    const addOn = kind !== undefined && rng.chance(0.4)
    const nouns = addOn ? (ADDON_NOUNS[type] as string[]) : NOUNS[type]
    const series = rng.pick(SERIES)
    const model = rng.int(100, 9900)
    const name = `${noVendor ? '' : vendorName + ' '}${series} ${model} ${rng.pick(nouns)}`
    let code = `${vendorName.slice(0, 3).toUpperCase()}-${TYPE_CODES[type]}${model}-${id.toString(36).toUpperCase()}`
    // About 1 in 40 reuses an existing SKU of another vendor: SKUs are not unique across vendors.
    const vendor = noVendor ? null : vendorIdx + 1
    if (vendor !== null && this.codesByVendor.length > 10 && rng.chance(0.025)) {
      const other = this.codesByVendor[rng.int(0, this.codesByVendor.length - 1)]!
      if (other.vendor !== vendor) code = other.code
    }
    if (vendor !== null && this.codesByVendor.length < 5000) this.codesByVendor.push({ code, vendor })
    const [lo, hi] = PRICE_RANGE[type]
    const d: Draft = { id, name, product_code: code, vendor, type: noType ? null : type, price: rng.money(lo, hi), popularity: rng.int(0, 100_000) }
    if (type === 'Provisioning') d.partner = rng.chance(0.25)
    if (kind) {
      d.kind = kind
      d.subType = addOn ? 'ADD_ON' : 'BASE'
    }
    if (SHIPPABLE.has(type) && type !== 'Cable') {
      d.provisioning = this.somePick(this.provisioningIds, rng.int(0, 2))
      d.maintenance = this.somePick(this.maintenanceIds, rng.int(0, 2))
    }
    if (rng.chance(0.3)) d.related = this.somePick(Array.from({ length: Math.min(id - 1, 50) }, (_, i) => id - 1 - i), rng.int(1, 3))
    return d
  }

  private somePick(pool: number[], n: number): number[] {
    const out = new Set<number>()
    for (let i = 0; i < n && pool.length; i++) out.add(this.rng.pick(pool))
    return [...out].sort((a, b) => a - b)
  }

  /** The product's stored JSON: prices and the base URL are markers, spliced in per request. */
  serialize(d: Draft): string {
    const rng = this.rng
    const type = d.type ?? 'Accessory'
    const shippable = d.type === null ? true : SHIPPABLE.has(d.type)
    const features = FEATURES[type]
    const featured = [features[0], features[rng.int(1, features.length - 1)], features[features.length - 1]]
    const rrp = Math.round(d.price * (1.2 + rng.next() * 0.25) * 100) / 100
    const related = (ids: number[] | undefined) =>
      (ids ?? []).map((rid) => {
        const r = this.refs[rid]!
        return { id: rid, sku: r.sku, name: r.name, price: priceMarker(rid), partner: r.partner }
      })
    const img = `${BASE_MARKER}/images/p${d.id}`
    const product = {
      id: d.id,
      name: d.name,
      product_code: d.product_code,
      description: `${d.name}. ${rng.pick(SENTENCES)}`,
      detailed_description: `${d.name} (${d.product_code}). ${rng.pick(SENTENCES)} ${rng.pick(SENTENCES)} ${features.join('. ')}.`,
      featured_description: featured.join('\n'),
      vendor: d.vendor,
      type: d.type ? typeId(d.type) : null,
      rrp,
      price: priceMarker(d.id),
      thumb_url: `${img}-thumb.svg`,
      main_image_url: `${img}-main.svg`,
      datasheet_url: rng.chance(0.6) ? `${img}-datasheet.svg` : null,
      guide_url: rng.chance(0.3) ? `${img}-guide.svg` : null,
      quickstart_url: rng.chance(0.3) ? `${img}-quickstart.svg` : null,
      stock: shippable ? rng.int(0, 500) : null,
      provisioning: related(d.provisioning),
      maintenance: related(d.maintenance),
      related_to: related(d.related),
      shipping_cost: shippable ? rng.money(0, 12) : 0,
      show_in_webstore: rng.chance(0.9),
      discountable: rng.chance(0.7),
      subscription_type: d.kind ?? null,
      subscription_product_type: d.subType ?? null,
      quantity_type: 'QUANTITY',
      rate_plans: d.kind ? this.ratePlans(d.price, d.kind, d.subType === 'ADD_ON') : [],
      is_shippable: shippable,
      is_financeable: shippable && d.price >= 250,
      weight_unit: shippable ? 'GRAMS' : null,
      weight: shippable ? rng.int(50, 12000) : null,
    }
    this.refs[d.id] = { sku: d.product_code, name: d.name, partner: d.partner === true }
    if (d.type === 'Provisioning') this.provisioningIds.push(d.id)
    if (d.type === 'Maintenance') this.maintenanceIds.push(d.id)
    return JSON.stringify(product)
  }

  /** Monthly (default), annual billed monthly, annual upfront; each with one per-unit charge. */
  private ratePlans(monthly: number, kind: SubscriptionKind, addOn: boolean): RatePlan[] {
    const plan = (name: string, term: number, billing: string, isDefault: boolean, min: number, max: number, cost: number): RatePlan => ({
      id: ++this.planId,
      name,
      term_length: term,
      billing_frequency: billing,
      renewal_term_length: term,
      default: isDefault,
      min_quantity: min,
      max_quantity: max,
      rate_plan_charges: [
        {
          id: ++this.chargeId,
          name: `Per ${UNIT_OF[kind]} charge`,
          charge_type: 'recurring',
          charge_model: 'per_unit',
          rate_plan_charge_costs: [
            { id: ++this.costId, currency: 'GBP', charge_cost_price: round2(cost) },
            { id: ++this.costId, currency: 'EUR', charge_cost_price: round2(cost * 1.17) },
            { id: ++this.costId, currency: 'USD', charge_cost_price: round2(cost * 1.27) },
          ],
          unit_of_measure: UNIT_OF[kind],
        },
      ],
    })
    return [
      plan('Monthly', 1, 'monthly', true, 1, addOn ? 500 : 300, monthly),
      plan('Annual, billed monthly', 12, 'monthly', false, 5, 1000, monthly * 0.9),
      plan('Annual, paid upfront', 12, 'annually', false, 10, 5000, monthly * 12 * 0.85),
    ]
  }
}
