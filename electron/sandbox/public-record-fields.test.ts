import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { recordSuite } from '../../tests/support/sandbox/record-suite'

/**
 * The field names of every answer as spec section 2 spells them, each checked by a client written
 * only from the record (plain fetch over real HTTP).
 */
const rec = recordSuite({ products: 60, orders: 150, speed: 0, testMode: true })

type Row = Record<string, unknown>
const words = (s: string) => s.split(/\s+/).filter(Boolean)

/** Spec 2.x: the fields each answer carries (request-only fields of 2.9 left out). */
const FIELDS = {
  currentUser: words('id name organisation real_id real_name currency locale timezone admin root modules permissions'),
  permission: words('permission parent'),
  organisation: words('id name parent linked_account finance_type'),
  user: words('id name email_address organisation admin two-factor active verified password_reset user_language timezone timeout roles notification api_clients audit_logs actions_taken'),
  userListItem: words('id organisation name email_address password_reset verified disabled'),
  apiClient: words('id name client_id'),
  auditLog: words('user action timestamp ip_address on on_behalf'),
  productGroup: words('id name active status description detailed_description type vendor subscription_type subscription_product_type products related_product_groups grading'),
  productGroupListItem: words('id name active status type vendor'),
  product: words(
    'id name product_code description detailed_description featured_description vendor type rrp price thumb_url main_image_url datasheet_url guide_url quickstart_url stock provisioning maintenance related_to shipping_cost show_in_webstore discountable subscription_type subscription_product_type quantity_type rate_plans is_shippable is_financeable weight_unit weight',
  ),
  relatedProduct: words('id sku name price partner'),
  ratePlan: words('id name term_length billing_frequency renewal_term_length default min_quantity max_quantity rate_plan_charges'),
  ratePlanCharge: words('id name charge_type charge_model rate_plan_charge_costs unit_of_measure'),
  ratePlanChargeCost: words('id currency charge_cost_price'),
  order: words(
    'id external_id purchase_order_number supplier_ref linked_supplier_refs organisation date status parent_id shipping_address shipping_type ship_instructions ship_cost ship_final discount end_user provisioning_instructions manual_authorisation total part_ship line_items name units attention_required payment_type finance shipments',
  ),
  lineItem: words(
    'id order product name quantity price original_price prov_product prov_product_name prov_product_price prov_organisation prov_group prov_site maintenance_product maintenance_product_name maintenance_product_price sub_total_for_item selected_rate_plan rate_plan_details storage_order backup_order meeting_order markup discount',
  ),
  ratePlanDetails: words('id name line_item_id term_length billing_frequency renewal_term_length rate_plan_charges'),
  ratePlanDetailsCharge: words('id name rate_plan_id charge_type charge_model price unit_of_measure'),
  unit: words('id order product serial'),
  shipment: words('reference tracking_number date items'),
  shipmentItem: words('product name product_code quantity serial_numbers'),
  // service-conventions.md "Known endpoints"
  countryCode: words('id iso_code name'),
  shippingType: words('id name countries exclude_countries'),
} as const
/** Fields whose members are answered as they were sent (the sandbox README's choice): none is required, none may be foreign. */
const AS_SENT = {
  address: words('name company_name recipient_name addr_line_1 addr_line_2 city region postal_code country_code'),
  finance: words('company_number company_name target email_address title first_name name contact_number term_length registered_address trading_addresses approved'),
  storageOrder: words('team_name admin_email subscription_id'),
} as const
/** Request-only fields of 2.9 that an answer may echo. */
const LINE_REQUEST_FIELDS = words('product_code prov_product_code maintenance_product_code')

interface Seen {
  missing: string[]
  beyond: Map<string, Set<string>>
}

/** Walks the answers, noting spec fields an answer lacks and fields it carries beyond the spec. */
function checker(): Seen & { check(kind: keyof typeof FIELDS | keyof typeof AS_SENT, row: Row, also?: readonly string[]): void } {
  const seen: Seen = { missing: [], beyond: new Map() }
  return {
    ...seen,
    check(kind, row, also = []) {
      const spec: readonly string[] = kind in FIELDS ? FIELDS[kind as keyof typeof FIELDS] : AS_SENT[kind as keyof typeof AS_SENT]
      if (kind in FIELDS) for (const f of spec) if (!(f in row)) seen.missing.push(`${kind}.${f}`)
      for (const f of Object.keys(row)) if (!spec.includes(f) && !also.includes(f)) seen.beyond.set(kind, (seen.beyond.get(kind) ?? new Set()).add(f))
    },
  }
}

/** Every answer the record knows a shape for, with orders that carry finance, subscriptions, units and shipments. */
async function walkAnswers() {
  const c = checker()
  const address = { name: 'Not for orders', company_name: 'Fields Co', recipient_name: 'Goods In', addr_line_1: '1 Field Lane', addr_line_2: 'Unit 3', city: 'Leeds', region: 'West Yorkshire', postal_code: 'LS1 1AA', country_code: 1 }
  const finance = { company_number: '01234567', company_name: 'Fields Co', target: 'CUSTOMER', email_address: 'finance@fields.example', title: 'Ms', first_name: 'Ada', name: 'Field', contact_number: '0113 000 0000', term_length: 36, registered_address: address, trading_addresses: [address] }
  const placed = await rec.api.post<Row & { id: number }>('/orders', {
    shipping_address: address,
    shipping_type: 1,
    payment_type: 'FINANCE',
    finance,
    line_items: [
      { product_code: 'SW-24P-POE', quantity: 2, prov_product_code: 'PROV-CLOUD-STD', maintenance_product_code: 'MAINT-1Y-NBD', markup: 10 },
      { product_code: 'SUB-STOR-BASE', quantity: 5, selected_rate_plan: 2, markup: 10, storage_order: { team_name: 'Fields', admin_email: 'it@fields.example' } },
    ],
  })
  expect(placed.status, JSON.stringify(placed.body)).toBe(201)
  rec.sb.control.transition(placed.body.id, 'SHIPPED')

  const me = (await rec.api.get<Row & { permissions: Row[] }>('/whoami')).body
  c.check('currentUser', me)
  for (const p of me.permissions) c.check('permission', p)
  for (const o of await rec.api.all<Row>('/organisations')) c.check('organisation', o)
  for (const country of await rec.api.all<Row>('/country_codes')) c.check('countryCode', country)
  for (const t of await rec.api.all<Row>('/shipping_types')) c.check('shippingType', t)
  for (const a of await rec.api.all<Row>('/organisations/1/addresses')) c.check('address', a)
  for (const u of await rec.api.all<Row & { id: number }>('/users')) c.check('userListItem', u)
  const user = (await rec.api.get<Row & { api_clients: Row[]; audit_logs: Row[]; actions_taken: Row[] }>(`/users/${rec.sb.demo.userId}`)).body
  c.check('user', user)
  for (const a of user.api_clients) c.check('apiClient', a)
  for (const a of [...user.audit_logs, ...user.actions_taken]) c.check('auditLog', a)
  const groups = await rec.api.all<Row & { id: number }>('/product_groups')
  for (const g of groups) {
    c.check('productGroupListItem', g)
    c.check('productGroup', (await rec.api.get<Row>(`/product_groups/${g.id}`)).body)
  }
  for (const p of await rec.api.all<Row & { provisioning: Row[]; maintenance: Row[]; related_to: Row[]; rate_plans: (Row & { rate_plan_charges: (Row & { rate_plan_charge_costs: Row[] })[] })[] }>('/products')) {
    c.check('product', p)
    for (const r of [...p.provisioning, ...p.maintenance, ...p.related_to]) c.check('relatedProduct', r)
    for (const plan of p.rate_plans) {
      c.check('ratePlan', plan)
      for (const charge of plan.rate_plan_charges) {
        c.check('ratePlanCharge', charge)
        for (const cost of charge.rate_plan_charge_costs) c.check('ratePlanChargeCost', cost)
      }
    }
  }
  type OrderRow = Row & { shipping_address: Row | null; finance: (Row & { registered_address?: Row; trading_addresses?: Row[] }) | null; line_items: (Row & { rate_plan_details: (Row & { rate_plan_charges: Row[] }) | null; storage_order: Row | null })[]; units: Row[]; shipments: (Row & { items: Row[] })[] }
  const orders = [...(await rec.api.all<OrderRow>('/orders')), ...(await rec.api.all<OrderRow>('/baskets'))]
  for (const o of orders) {
    c.check('order', o)
    // Spec 2.8: the order's shipping address is an Address without name.
    if (o.shipping_address) c.check('address', o.shipping_address, [])
    if (o.shipping_address && 'name' in o.shipping_address) c.missing.push(`order ${o.id as number} shipping_address has a name`)
    if (o.finance) {
      c.check('finance', o.finance)
      for (const a of [o.finance.registered_address, ...(o.finance.trading_addresses ?? [])]) if (a) c.check('address', a)
    }
    for (const l of o.line_items) {
      c.check('lineItem', l, LINE_REQUEST_FIELDS)
      if (l.rate_plan_details) {
        c.check('ratePlanDetails', l.rate_plan_details)
        for (const charge of l.rate_plan_details.rate_plan_charges) c.check('ratePlanDetailsCharge', charge)
      }
      if (l.storage_order) c.check('storageOrder', l.storage_order)
    }
    for (const u of o.units) c.check('unit', u)
    for (const s of o.shipments) {
      c.check('shipment', s)
      for (const i of s.items) c.check('shipmentItem', i)
    }
  }
  const placedAgain = orders.find((o) => o.id === placed.body.id)!
  expect(placedAgain.finance).not.toBeNull()
  expect(placedAgain.line_items[1]!.rate_plan_details).not.toBeNull()
  expect(placedAgain.units.length).toBeGreaterThan(0)
  expect(placedAgain.shipments.length).toBeGreaterThan(0)
  return c
}

describe('answers spell their fields as spec section 2 does', () => {
  it('every answer carries the fields of its resource, spelled as written (two-factor with a hyphen, disabled on list items, active on the record)', async () => {
    const c = await walkAnswers()
    expect(c.missing).toEqual([])
  })
})

describe('fields beyond the spec (spec 9.2 allows them) are the sandbox\u2019s documented choices', () => {
  it('each one an answer carries is named in the sandbox README', async () => {
    const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8')
    const c = await walkAnswers()
    const undocumented = [...c.beyond].flatMap(([kind, fields]) => [...fields].filter((f) => !readme.includes(`\`${f}\``)).map((f) => `${kind}.${f}`))
    expect(undocumented).toEqual([])
  })
})

describe('enumerations whose values spec 2.9 leaves "not shown" are the sandbox\u2019s documented choices', () => {
  it('every value served for finance_type, billing_frequency, charge_type, charge_model, quantity_type, weight_unit and the meeting order type and sub type is named in the sandbox README', async () => {
    const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8')
    const served = new Map<string, Set<unknown>>()
    const note = (field: string, value: unknown) => {
      if (value !== null && value !== undefined) served.set(field, (served.get(field) ?? new Set()).add(value))
    }
    for (const o of await rec.api.all<Row>('/organisations')) note('finance_type', o.finance_type)
    for (const p of await rec.api.all<Row & { rate_plans: (Row & { rate_plan_charges: Row[] })[] }>('/products')) {
      note('quantity_type', p.quantity_type)
      note('weight_unit', p.weight_unit)
      for (const plan of p.rate_plans) {
        note('billing_frequency', plan.billing_frequency)
        for (const charge of plan.rate_plan_charges) {
          note('charge_type', charge.charge_type)
          note('charge_model', charge.charge_model)
        }
      }
    }
    const meeting = { deal_registration_id: 'DR-1', deal_registration_approval_id: 'DRA-1', end_user_name: 'Ada Field', end_user_company: 'Fields Co', end_user_email: 'ada@fields.example' }
    const placed = await rec.api.post<Row & { line_items: (Row & { meeting_order: Row })[] }>('/orders', {
      line_items: [
        { product_code: 'SUB-MEET-BASE', quantity: 5, meeting_order: meeting },
        { product_code: 'SUB-MEET-ADDON', quantity: 5, meeting_order: meeting },
      ],
    })
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    for (const l of placed.body.line_items) {
      note('meeting_order_type', l.meeting_order.meeting_order_type)
      note('meeting_order_sub_type', l.meeting_order.meeting_order_sub_type)
    }
    expect([...served.keys()].sort()).toEqual(['billing_frequency', 'charge_model', 'charge_type', 'finance_type', 'meeting_order_sub_type', 'meeting_order_type', 'quantity_type', 'weight_unit'])
    const undocumented = [...served].flatMap(([field, values]) => [...values].filter((v) => !readme.includes(`\`${String(v)}\``)).map((v) => `${field} ${String(v)}`))
    expect(undocumented).toEqual([])
  })
})

describe('ids are integers unless stated (spec 2 conventions)', () => {
  /** Fields spec 2 types as ids or id lists; the ids it types otherwise are strings (client_id a UUID, the deal registration ids). */
  const ID_FIELDS = new Set(words('id organisation parent real_id user on_behalf type vendor product order shipping_type parent_id external_id prov_product maintenance_product selected_rate_plan prov_organisation prov_group prov_site line_item_id rate_plan_id subscription_id serial country_code'))
  const ID_LISTS = new Set(words('roles products related_product_groups serial_numbers countries'))
  const STRING_IDS = new Set(words('client_id deal_registration_id deal_registration_approval_id'))

  it('every id, reference and id list in every answer is an integer (or null where not set); the ids stated as strings are strings', async () => {
    const wrong: string[] = []
    const walk = (value: unknown, at: string) => {
      if (Array.isArray(value)) return value.forEach((v, i) => walk(v, `${at}.${i}`))
      if (value === null || typeof value !== 'object') return
      for (const [k, v] of Object.entries(value)) {
        const here = `${at}.${k}`
        // A permission's parent is a boolean (spec 2.2); an organisation's, the parent's id (2.3).
        if (k === 'parent' && /permissions\.\d+$/.test(at)) {
          if (typeof v !== 'boolean') wrong.push(here)
        } else if (STRING_IDS.has(k)) {
          if (v !== null && typeof v !== 'string') wrong.push(here)
        } else if (ID_FIELDS.has(k) || k.endsWith('_id')) {
          if (v !== null && !Number.isInteger(v)) wrong.push(`${here}=${JSON.stringify(v)}`)
        } else if (ID_LISTS.has(k)) {
          if (!Array.isArray(v) || !v.every((x) => Number.isInteger(x))) wrong.push(`${here}=${JSON.stringify(v)}`)
        }
        walk(v, here)
      }
    }
    const placed = await rec.api.post<Row & { id: number }>('/orders', {
      end_user: 'Ids Co',
      line_items: [
        { product_code: 'SUB-MEET-BASE', quantity: 5, meeting_order: { deal_registration_id: 'DR-7', deal_registration_approval_id: 'DRA-7', end_user_name: 'Ada', end_user_company: 'Ids Co', end_user_email: 'ada@ids.example' } },
        { product_code: 'SUB-STOR-BASE', quantity: 5, storage_order: { team_name: 'Ids', admin_email: 'it@ids.example' } },
      ],
    })
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    walk(placed.body, 'placed')
    walk((await rec.api.get('/whoami')).body, 'whoami')
    for (const path of ['/organisations', '/organisations/1/addresses', '/country_codes', '/shipping_types', '/users', '/product_groups', '/products', '/baskets', '/orders']) walk(await rec.api.all(path), path)
    walk((await rec.api.get(`/users/${rec.sb.demo.userId}`)).body, 'user')
    for (const g of await rec.api.all<{ id: number }>('/product_groups')) walk((await rec.api.get(`/product_groups/${g.id}`)).body, `group ${g.id}`)
    expect(wrong).toEqual([])
  })
})

describe('date-times are ISO 8601 without a zone designator (spec 2 conventions), wherever they appear', () => {
  it('no string in any answer that reads as a date-time carries Z or an offset', async () => {
    const zoned: string[] = []
    const walk = (value: unknown, at: string) => {
      if (typeof value === 'string') {
        if (/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value) && !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?$/.test(value)) zoned.push(`${at}=${value}`)
        return
      }
      if (Array.isArray(value)) return value.forEach((v, i) => walk(v, `${at}.${i}`))
      if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, `${at}.${k}`)
    }
    const placed = await rec.api.post<Row & { id: number }>('/orders', { shipping_address: { company_name: 'Zone Co', addr_line_1: '1 Road', city: 'Leeds', postal_code: 'LS1 1AA', country_code: 1 }, shipping_type: 1, line_items: [{ product_code: 'SW-24P-POE', quantity: 2 }] })
    rec.sb.control.transition(placed.body.id, 'SHIPPED')
    walk((await rec.api.get(`/orders/${placed.body.id}`)).body, 'placed')
    walk((await rec.api.get('/whoami')).body, 'whoami')
    for (const path of ['/orders', '/baskets', '/users', '/product_groups']) walk(await rec.api.all(path), path)
    walk((await rec.api.get(`/users/${rec.sb.demo.userId}`)).body, 'user')
    expect(zoned).toEqual([])
  })
})
