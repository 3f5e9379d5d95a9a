import type { BasketBody, LineItemRequest } from '../../../shared/api'
import type { DraftAddress, DraftDoc, DraftFinance, DraftLine } from '../../../shared/model/draft'
import { markedName } from '../../../shared/basket-marker'

/**
 * Turns what the user typed into the request body the service takes (create / modify basket).
 * Blank optional text is left out; required parts are kept even when blank so that validation
 * names them. Local-only fields (line keys, names, estimates) and the quote-only discount never
 * leave the app.
 */
export function toBasketBody(doc: DraftDoc, organisation: number | null, marker: string | null): BasketBody {
  const body: Record<string, unknown> = {
    part_ship: doc.part_ship,
    payment_type: doc.payment_type,
    line_items: doc.line_items.map(toLineItem),
  }
  const name = marker ? markedName(doc.name, marker) : doc.name.trim()
  if (name) body.name = name
  text(body, 'purchase_order_number', doc.purchase_order_number)
  text(body, 'ship_instructions', doc.ship_instructions, false)
  text(body, 'provisioning_instructions', doc.provisioning_instructions, false)
  text(body, 'end_user', doc.end_user)
  if (doc.shipping_type !== null) body.shipping_type = doc.shipping_type
  const address = toAddress(doc.shipping_address, false)
  if (address) body.shipping_address = address
  if (doc.payment_type === 'FINANCE' && doc.finance) body.finance = toFinance(doc.finance)
  if (organisation !== null) body.organisation = organisation
  return body as BasketBody
}

function toLineItem(l: DraftLine): LineItemRequest {
  const out: Record<string, unknown> = { quantity: l.quantity ?? 0 }
  if (l.product) out.product = l.product
  else if (l.product_code?.trim()) out.product_code = l.product_code.trim()
  for (const k of ['prov_product', 'prov_organisation', 'prov_group', 'prov_site', 'maintenance_product', 'selected_rate_plan', 'markup'] as const) {
    const v = l[k]
    if (v !== null && v !== undefined) out[k] = v
  }
  if (l.storage_order) out.storage_order = trimmed(l.storage_order)
  if (l.backup_order) out.backup_order = trimmed(l.backup_order)
  if (l.meeting_order) out.meeting_order = trimmed(l.meeting_order, ['deal_registration_id', 'deal_registration_approval_id'])
  return out as LineItemRequest
}

function text(body: Record<string, unknown>, key: string, value: string, trim = true): void {
  const v = trim ? value.trim() : value
  if (v.trim()) body[key] = v
}

/** Required sub-fields stay (possibly blank) so the schema reports them; blank optional ones go. */
function trimmed(o: Record<string, string | undefined>, optional: string[] = []): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(o)) {
    const t = (v ?? '').trim()
    if (t || !optional.includes(k)) out[k] = t
  }
  return out
}

const ADDRESS_TEXT = ['company_name', 'recipient_name', 'addr_line_1', 'addr_line_2', 'city', 'region', 'postal_code'] as const
const ADDRESS_REQUIRED = new Set(['addr_line_1', 'city', 'postal_code'])

/** A blank address is no address; a started one is sent whole so missing parts get named. */
function toAddress(a: DraftAddress | null | undefined, withName: boolean): Record<string, unknown> | undefined {
  if (!a) return undefined
  const started = ADDRESS_TEXT.some((k) => (a[k] ?? '').trim()) || (a.country_code ?? null) !== null
  if (!started) return undefined
  const out: Record<string, unknown> = {}
  if (withName && a.name?.trim()) out.name = a.name.trim()
  for (const k of ADDRESS_TEXT) {
    const v = (a[k] ?? '').trim()
    if (v || ADDRESS_REQUIRED.has(k)) out[k] = v
  }
  out.country_code = a.country_code ?? undefined
  return out
}

function toFinance(f: DraftFinance): Record<string, unknown> {
  const out: Record<string, unknown> = { target: f.target }
  for (const k of ['company_number', 'company_name', 'email_address', 'title', 'first_name', 'name', 'contact_number'] as const) {
    const v = (f[k] ?? '').trim()
    if (v) out[k] = v
  }
  if (f.term_length !== null && f.term_length !== undefined) out.term_length = f.term_length
  const reg = toAddress(f.registered_address, true)
  if (reg) out.registered_address = reg
  const trading = (f.trading_addresses ?? []).map((a) => toAddress(a, true)).filter((a) => a !== undefined)
  if (trading.length) out.trading_addresses = trading
  return out
}
