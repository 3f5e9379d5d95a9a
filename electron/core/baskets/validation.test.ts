import { describe, expect, it } from 'vitest'
import { Product } from '../../../shared/api'
import { basketsChannels } from '../../../shared/ipc/channels/baskets'
import { DraftDoc, type DraftDocInput, type DraftLine } from '../../../shared/model/draft'
import { toBasketBody } from './basket-body'
import { NAME_MAX } from '../../../shared/basket-marker'
import { draftProblems, draftProblemsAfterLineEdit } from './validation'

/** The draft's problems in English alone (field path → message). */
const validateDraft = (d: Parameters<typeof draftProblems>[0], products: Parameters<typeof draftProblems>[1]) => draftProblems(d, products).fields

const line = (over: Partial<DraftLine> = {}): DraftLine => ({ key: Math.random().toString(36).slice(2), product: 1, product_code: 'SKU-1', quantity: 1, ...over })
const doc = (over: DraftDocInput = {}) => DraftDoc.parse({ line_items: [line()], ...over })
const address = { addr_line_1: '1 High St', city: 'Leeds', postal_code: 'LS1 1AA', country_code: 1 }

const product = (over: Record<string, unknown> = {}) =>
  Product.parse({ id: 1, name: 'Switch', product_code: 'SKU-1', price: 100, ...over })
const none = new Map()
const withProduct = (p: Product) => new Map([[p.id, p]])

describe('draft validation (the service\'s own schemas, per field)', () => {
  it('accepts a plain draft and sends part_ship true and ON_ACCOUNT by default', () => {
    const d = doc()
    expect(validateDraft(d, none)).toEqual({})
    expect(toBasketBody(d, 5, null)).toMatchObject({ part_ship: true, payment_type: 'ON_ACCOUNT', organisation: 5, line_items: [{ product: 1, quantity: 1 }] })
  })

  it('holds ship and provisioning instructions to 3500 characters', () => {
    expect(validateDraft(doc({ ship_instructions: 'x'.repeat(3500), provisioning_instructions: 'y'.repeat(3500) }), none)).toEqual({})
    const fields = validateDraft(doc({ ship_instructions: 'x'.repeat(3501), provisioning_instructions: 'y'.repeat(3501) }), none)
    expect(Object.keys(fields).sort()).toEqual(['provisioning_instructions', 'ship_instructions'])
  })

  it('limits name (leaving room for the submission marker), purchase order number and end user', () => {
    expect(validateDraft(doc({ name: 'n'.repeat(NAME_MAX) }), none)).toEqual({})
    expect(validateDraft(doc({ name: 'n'.repeat(NAME_MAX + 1) }), none)).toHaveProperty('name')
    expect(validateDraft(doc({ purchase_order_number: 'p'.repeat(256), end_user: 'e'.repeat(256) }), none)).toMatchObject({
      purchase_order_number: expect.any(String),
      end_user: expect.any(String),
    })
  })

  it('needs at least one line, and a quantity from 1 to 1000000 on each', () => {
    expect(validateDraft(doc({ line_items: [] }), none)).toHaveProperty('line_items')
    expect(validateDraft(doc({ line_items: [line({ quantity: 0 })] }), none)).toHaveProperty(['line_items.0.quantity'])
    expect(validateDraft(doc({ line_items: [line({ quantity: 1_000_001 })] }), none)).toHaveProperty(['line_items.0.quantity'])
    expect(validateDraft(doc({ line_items: [line({ quantity: null })] }), none)).toHaveProperty(['line_items.0.quantity'])
    expect(validateDraft(doc({ line_items: [line({ quantity: 1_000_000 })] }), none)).toEqual({})
  })

  it('needs a product or a SKU on each line', () => {
    expect(validateDraft(doc({ line_items: [line({ product: null, product_code: '  ' })] }), none)).toHaveProperty(['line_items.0.product_code'])
  })

  it('checks a typed shipping address field by field, and leaves a blank one out', () => {
    expect(validateDraft(doc({ shipping_address: { addr_line_1: '', city: '' } }), none)).toEqual({})
    const fields = validateDraft(doc({ shipping_address: { addr_line_1: '1 High St', postal_code: 'P'.repeat(33) } }), none)
    expect(Object.keys(fields).sort()).toEqual(['shipping_address.city', 'shipping_address.country_code', 'shipping_address.postal_code'])
    expect(validateDraft(doc({ shipping_address: address }), none)).toEqual({})
  })

  it('needs the finance details for a FINANCE payment, and a markup on every line when finance is for the customer', () => {
    expect(validateDraft(doc({ payment_type: 'FINANCE' }), none)).toHaveProperty('finance')
    const customer = doc({ payment_type: 'FINANCE', finance: { target: 'CUSTOMER' }, line_items: [line(), line({ markup: 12.5 })] })
    expect(validateDraft(customer, none)).toEqual({ 'line_items.0.markup': expect.any(String) })
    expect(validateDraft(doc({ payment_type: 'FINANCE', finance: { target: 'SELF' } }), none)).toEqual({})
    expect(validateDraft(doc({ line_items: [line({ markup: 1001 })] }), none)).toHaveProperty(['line_items.0.markup'])
  })

  it('checks the finance contact, term and addresses', () => {
    const fields = validateDraft(
      doc({
        payment_type: 'FINANCE',
        finance: { target: 'SELF', email_address: 'not-an-email', term_length: 0, registered_address: { addr_line_1: 'x' }, trading_addresses: [{ city: 'y' }], company_name: 'c'.repeat(256) },
      }),
      none,
    )
    expect(fields).toMatchObject({
      'finance.email_address': expect.any(String),
      'finance.term_length': expect.any(String),
      'finance.registered_address.city': expect.any(String),
      'finance.trading_addresses.0.addr_line_1': expect.any(String),
      'finance.company_name': expect.any(String),
    })
  })

  it('the IPC contract refuses values outside the enums (payment type, finance target, basket sort)', () => {
    const update = basketsChannels['baskets.update'].input
    expect(update.safeParse({ id: 'd', patch: { payment_type: 'CASH' } }).success).toBe(false)
    expect(update.safeParse({ id: 'd', patch: { finance: { target: 'PARTNER' } } }).success).toBe(false)
    expect(update.safeParse({ id: 'd', patch: { payment_type: 'FINANCE', finance: { target: 'CUSTOMER' } } }).success).toBe(true)
    expect(basketsChannels['baskets.serverList'].input.safeParse({ sort_by: '-date' }).success).toBe(false)
    expect(basketsChannels['baskets.serverList'].input.safeParse({ sort_by: '-total' }).success).toBe(true)
  })

  it('an edit of one header field carries only that field (nothing else is blanked)', () => {
    expect(basketsChannels['baskets.update'].input.parse({ id: 'd', patch: { name: 'Van stock' } }).patch).toEqual({ name: 'Van stock' })
    expect(basketsChannels['baskets.update'].input.parse({ id: 'd', patch: { shipping_type: 3 } }).patch).toEqual({ shipping_type: 3 })
  })

  it('asks for the subscription data of storage, backup and meeting products', () => {
    const storage = product({ subscription_type: 'SUBSCRIPTION_KIND_STORAGE' })
    expect(validateDraft(doc({ line_items: [line()] }), withProduct(storage))).toEqual({
      'line_items.0.storage_order.team_name': expect.any(String),
      'line_items.0.storage_order.admin_email': expect.any(String),
    })
    expect(validateDraft(doc({ line_items: [line({ storage_order: { team_name: 'Team', admin_email: 'bad' } })] }), withProduct(storage))).toEqual({
      'line_items.0.storage_order.admin_email': expect.any(String),
    })
    const backup = product({ subscription_type: 'SUBSCRIPTION_KIND_BACKUP' })
    expect(validateDraft(doc({ line_items: [line({ backup_order: { tenant_name: '', admin_email: 'a@b.co' } })] }), withProduct(backup))).toEqual({
      'line_items.0.backup_order.tenant_name': expect.any(String),
    })
    const meeting = product({ subscription_type: 'SUBSCRIPTION_KIND_MEETING' })
    expect(Object.keys(validateDraft(doc({ line_items: [line({ meeting_order: { end_user_name: 'Ann' } })] }), withProduct(meeting))).sort()).toEqual([
      'line_items.0.meeting_order.end_user_company',
      'line_items.0.meeting_order.end_user_email',
    ])
    expect(
      validateDraft(doc({ line_items: [line({ meeting_order: { end_user_name: 'Ann', end_user_company: 'Co', end_user_email: 'ann@co.example', deal_registration_id: 'D1' } })] }), withProduct(meeting)),
    ).toEqual({})
  })

  it('needs a rate plan on subscription products and keeps the quantity within its limits', () => {
    const plan = { id: 7, name: 'Annual', term_length: 12, billing_frequency: 'monthly', renewal_term_length: 12, default: true, min_quantity: 5, max_quantity: 50, rate_plan_charges: [] }
    const p = product({ rate_plans: [plan] })
    expect(validateDraft(doc({ line_items: [line({ quantity: 10 })] }), withProduct(p))).toHaveProperty(['line_items.0.selected_rate_plan'])
    expect(validateDraft(doc({ line_items: [line({ quantity: 4, selected_rate_plan: 7 })] }), withProduct(p))).toEqual({ 'line_items.0.quantity': 'At least 5 for the Annual plan' })
    expect(validateDraft(doc({ line_items: [line({ quantity: 51, selected_rate_plan: 7 })] }), withProduct(p))).toEqual({ 'line_items.0.quantity': 'At most 50 for the Annual plan' })
    expect(validateDraft(doc({ line_items: [line({ quantity: 50, selected_rate_plan: 7 })] }), withProduct(p))).toEqual({})
  })

  it('takes provisioning and maintenance products only from the product\'s lists, with the partner-platform ids for partner products', () => {
    const p = product({
      provisioning: [
        { id: 20, sku: 'PROV', name: 'Setup', price: 10, partner: false },
        { id: 21, sku: 'PART', name: 'Partner setup', price: 15, partner: true },
      ],
      maintenance: [{ id: 30, sku: 'MAINT', name: 'Care', price: 5, partner: false }],
    })
    expect(validateDraft(doc({ line_items: [line({ prov_product: 20, maintenance_product: 30 })] }), withProduct(p))).toEqual({})
    expect(validateDraft(doc({ line_items: [line({ prov_product: 99, maintenance_product: 98 })] }), withProduct(p))).toMatchObject({
      'line_items.0.prov_product': expect.any(String),
      'line_items.0.maintenance_product': expect.any(String),
    })
    expect(Object.keys(validateDraft(doc({ line_items: [line({ prov_product: 21, prov_site: 3 })] }), withProduct(p))).sort()).toEqual([
      'line_items.0.prov_group',
      'line_items.0.prov_organisation',
    ])
  })

  it('never sends the quote-only discount or the local bookkeeping', () => {
    const body = toBasketBody(doc({ line_items: [line({ discount: 10, product_name: 'Switch', estimate: { unit: 1, asOf: null } })] }), null, 'abcdefghij')
    expect(body.line_items?.[0]).toEqual({ product: 1, quantity: 1 })
    expect(body.name).toBe('[wd-abcdefghij]')
  })
})

describe('draft problems by key (for the renderer to say in the user\'s language)', () => {
  const plan = { id: 7, name: 'Annual', term_length: 12, billing_frequency: 'monthly', renewal_term_length: 12, default: true, min_quantity: 5, max_quantity: 50, rate_plan_charges: [] }

  it('gives each of the draft\'s own messages its key and values, next to the same English', () => {
    const p = product({ rate_plans: [plan] })
    const below = draftProblems(doc({ line_items: [line({ quantity: 4, selected_rate_plan: 7 })] }), withProduct(p))
    expect(below.fields).toEqual({ 'line_items.0.quantity': 'At least 5 for the Annual plan' })
    expect(below.fieldCodes).toEqual({ 'line_items.0.quantity': { key: 'atLeastForPlan', params: { min: 5, plan: 'Annual' } } })
    expect(draftProblems(doc({ line_items: [line({ quantity: 51, selected_rate_plan: 7 })] }), withProduct(p)).fieldCodes).toEqual({
      'line_items.0.quantity': { key: 'atMostForPlan', params: { max: 50, plan: 'Annual' } },
    })
    expect(draftProblems(doc({ line_items: [line({ quantity: 10 })] }), withProduct(p)).fieldCodes).toEqual({ 'line_items.0.selected_rate_plan': { key: 'chooseRatePlan' } })
    expect(draftProblems(doc({ line_items: [] }), none).fieldCodes).toEqual({ line_items: { key: 'addLine' } })
    const named = draftProblems(doc({ name: 'n'.repeat(NAME_MAX + 1) }), none)
    expect(named.fieldCodes).toEqual({ name: { key: 'nameTooLong', params: { max: NAME_MAX } } })
    expect(named.fields.name).toMatch(new RegExp(`^At most ${NAME_MAX} characters`))
  })

  it('gives the schemas\' messages a generic key with their bound, the English staying zod\'s', () => {
    const d = doc({
      purchase_order_number: 'p'.repeat(256),
      line_items: [line({ quantity: null }), line({ product: null, product_code: '' })],
      payment_type: 'FINANCE',
      finance: { target: 'SELF', email_address: 'not-an-email', term_length: 0, registered_address: { addr_line_1: 'x' } },
    })
    const { fields, fieldCodes } = draftProblems(d, none)
    expect(fields).toEqual(validateDraft(d, none))
    expect(Object.keys(fieldCodes).sort()).toEqual(Object.keys(fields).sort())
    expect(fieldCodes).toMatchObject({
      purchase_order_number: { key: 'tooLong', params: { max: 255 } },
      'line_items.0.quantity': { key: 'atLeast', params: { min: 1 } },
      'line_items.1.product_code': { key: 'required' },
      'finance.email_address': { key: 'invalidEmail' },
      'finance.term_length': { key: 'moreThan', params: { min: 0 } },
      'finance.registered_address.city': { key: 'required' },
    })
    expect(fields.purchase_order_number).toMatch(/255/)
  })

  it('calls an empty e-mail field required, not a badly written address', () => {
    const meeting = withProduct(product({ subscription_type: 'SUBSCRIPTION_KIND_MEETING' }))
    const withEmail = (end_user_email: string) => doc({ line_items: [line({ meeting_order: { end_user_name: 'Ann', end_user_company: 'Co', end_user_email } })] })
    expect(draftProblems(withEmail(''), meeting).fieldCodes['line_items.0.meeting_order.end_user_email']).toEqual({ key: 'required' })
    expect(draftProblems(withEmail('ann@'), meeting).fieldCodes['line_items.0.meeting_order.end_user_email']).toEqual({ key: 'invalidEmail' })
  })
})

describe('checking again after one line\'s own fields changed', () => {
  const plan = { id: 7, name: 'Annual', term_length: 12, billing_frequency: 'monthly', renewal_term_length: 12, default: true, min_quantity: 5, max_quantity: 50, rate_plan_charges: [] }
  const products = new Map([
    [1, product({ is_shippable: true })],
    [2, product({ id: 2, product_code: 'SUB-2', rate_plans: [plan] })],
  ])

  it('finds what checking the whole draft finds, line by line and for the draft as a whole', () => {
    const lines = [
      line({ key: 'a', quantity: null }),
      line({ key: 'b', product: 2, product_code: 'SUB-2', quantity: 4, selected_rate_plan: 7 }),
      line({ key: 'c', quantity: 3, markup: 10 }),
      line({ key: 'd', product: null, product_code: 'NOPE', unmatched: 'unknown' }),
    ]
    let d = doc({ name: 'n'.repeat(NAME_MAX + 1), payment_type: 'FINANCE', finance: { target: 'CUSTOMER' }, line_items: lines })
    let problems = draftProblems(d, products)
    const edits: [number, Partial<DraftLine>][] = [
      [0, { quantity: 2 }], // its missing quantity goes; its missing markup stays
      [1, { quantity: 60 }], // over the plan's maximum instead of under its minimum
      [1, { quantity: 10, markup: 5 }], // all well now
      [2, { markup: undefined, quantity: -1 }],
      [0, { quantity: null, markup: 3 }],
      [3, { quantity: 2 }],
    ]
    for (const [index, patch] of edits) {
      d = DraftDoc.parse({ ...d, line_items: d.line_items.map((l, i) => (i === index ? { ...l, ...patch } : l)) })
      problems = draftProblemsAfterLineEdit(problems, d, index, products)
      const whole = draftProblems(d, products)
      expect(problems.fields).toEqual(whole.fields)
      expect(problems.fieldCodes).toEqual(whole.fieldCodes)
    }
    // What the draft as a whole lacks stays said: its name, and where its goods ship to and how.
    expect(Object.keys(problems.fields)).toEqual(expect.arrayContaining(['name', 'shipping_address', 'line_items.0.quantity', 'line_items.2.markup']))
  })
})
