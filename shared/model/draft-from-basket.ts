import { isKnownFinanceTarget, type Basket, type LineItem } from '../api'
import { unmarkedName } from '../basket-marker'
import { draftAddressFrom } from '../draft-address'
import type { DraftDoc, DraftLine } from './draft'

/**
 * Why a service basket or order (one schema) becomes a local draft:
 * - 'copy' ("work offline on this"): the basket as it is, its purchase order number and quote
 *   discounts included, so it can be sent back over the same basket;
 * - 'reorder': a new order of the same things for the same organisation. What belongs to the old
 *   order stays behind: its purchase order number (a new order needs its own), quote discounts
 *   (only a quote can apply one), subscription ids and the finance approval.
 */
export type DraftPurpose = 'copy' | 'reorder'

/** The one mapping of a service basket or order to a draft document. */
export function draftFromBasket(b: Basket, purpose: DraftPurpose): DraftDoc {
  const reorder = purpose === 'reorder'
  const f = b.finance
  return {
    name: reorder ? `Reorder of order ${b.id}` : unmarkedName(b.name),
    purchase_order_number: reorder ? '' : (b.purchase_order_number ?? ''),
    shipping_address: b.shipping_address ? draftAddressFrom(b.shipping_address) : null,
    shipping_type: b.shipping_type ?? null,
    ship_instructions: b.ship_instructions ?? '',
    provisioning_instructions: b.provisioning_instructions ?? '',
    end_user: b.end_user ?? '',
    part_ship: b.part_ship,
    payment_type: b.payment_type ?? 'ON_ACCOUNT',
    finance: f
      ? {
          company_number: f.company_number ?? '',
          company_name: f.company_name ?? '',
          // A target the app does not know cannot be sent: the rep picks one, told which it was.
          ...(isKnownFinanceTarget(f.target) ? { target: f.target } : { serviceTarget: f.target }),
          email_address: f.email_address ?? '',
          title: f.title ?? '',
          first_name: f.first_name ?? '',
          name: f.name ?? '',
          contact_number: f.contact_number ?? '',
          term_length: f.term_length ?? null,
          registered_address: f.registered_address ? draftAddressFrom(f.registered_address) : null,
          trading_addresses: (f.trading_addresses ?? []).map((a) => draftAddressFrom(a)),
        }
      : null,
    // A reorder's keys are stable (the same order reordered twice gives the same keys); a copy's are new.
    line_items: b.line_items.map((l, i) => draftLine(l, reorder ? `reorder-${l.id}-${i}` : crypto.randomUUID(), !reorder)),
  }
}

function draftLine(l: LineItem, key: string, withDiscount: boolean): DraftLine {
  return {
    key,
    product: l.product,
    product_code: l.product_code ?? undefined,
    product_name: l.name,
    quantity: l.quantity,
    prov_product: l.prov_product ?? null,
    prov_organisation: l.prov_organisation ?? null,
    prov_group: l.prov_group ?? null,
    prov_site: l.prov_site ?? null,
    maintenance_product: l.maintenance_product ?? null,
    selected_rate_plan: l.selected_rate_plan ?? null,
    storage_order: typedPart(l.storage_order),
    backup_order: typedPart(l.backup_order),
    meeting_order: typedPart(l.meeting_order),
    markup: l.markup ?? null,
    ...(withDiscount ? { discount: l.discount ?? null } : {}),
    estimate: null,
  }
}

/** A line's ordering data as typed: without the service's own ids (subscription, meeting order type) and empty values. */
function typedPart<T extends object>(o: T | null | undefined): T | null {
  if (!o) return null
  const copy = { ...o } as Record<string, unknown>
  for (const k of ['subscription_id', 'meeting_order_type', 'meeting_order_sub_type']) delete copy[k]
  for (const [k, v] of Object.entries(copy)) if (v === null || v === undefined) delete copy[k]
  return copy as T
}
