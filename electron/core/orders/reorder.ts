import type { LineItem, Order } from '../../../shared/api'
import { draftAddressFrom } from '../../../shared/draft-address'
import { DraftDoc, type DraftDocInput, type DraftLine } from '../../../shared/model/draft'
import { AppError } from '../../../shared/model/app-error'
import type { PartialHandlers } from '../ipc/dispatcher'

/** Creates a local draft basket (the baskets module's job); answers its id and line count. */
export interface DraftMaker {
  createDraft(organisation: number, doc: DraftDocInput): Promise<{ id: string; lineCount: number }>
}

/**
 * "Reorder": the order as a new draft, for the same organisation. What is copied: every line's
 * product, quantity, provisioning, maintenance, rate plan, subscription data and markup, and the
 * shipping, instructions, end user and payment. What is not: the purchase order number (a new
 * order needs its own), quote discounts (only a quote can apply one), subscription ids and the
 * finance approval (they belong to the old order).
 */
export function draftFromOrder(order: Order): DraftDocInput {
  return {
    name: `Reorder of order ${order.id}`,
    purchase_order_number: '',
    shipping_address: order.shipping_address ? draftAddressFrom(order.shipping_address) : null,
    shipping_type: order.shipping_type ?? null,
    ship_instructions: order.ship_instructions ?? '',
    provisioning_instructions: order.provisioning_instructions ?? '',
    end_user: order.end_user ?? '',
    part_ship: order.part_ship,
    payment_type: order.payment_type ?? 'ON_ACCOUNT',
    finance: order.finance
      ? {
          ...withoutNulls({
            company_number: order.finance.company_number,
            company_name: order.finance.company_name,
            email_address: order.finance.email_address,
            title: order.finance.title,
            first_name: order.finance.first_name,
            name: order.finance.name,
            contact_number: order.finance.contact_number,
          }),
          target: order.finance.target,
          term_length: order.finance.term_length ?? null,
          registered_address: order.finance.registered_address ? draftAddressFrom(order.finance.registered_address) : null,
          trading_addresses: (order.finance.trading_addresses ?? []).map((a) => draftAddressFrom(a)),
        }
      : null,
    line_items: order.line_items.map(draftLine),
  }
}

function draftLine(l: LineItem, i: number): DraftLine {
  const line: DraftLine = { key: `reorder-${l.id}-${i}`, product: l.product, product_name: l.name, quantity: l.quantity }
  if (l.product_code) line.product_code = l.product_code
  for (const k of ['prov_product', 'prov_organisation', 'prov_group', 'prov_site', 'maintenance_product', 'selected_rate_plan', 'markup'] as const) {
    const v = l[k]
    if (v !== null && v !== undefined) line[k] = v
  }
  if (l.storage_order) line.storage_order = { team_name: l.storage_order.team_name, admin_email: l.storage_order.admin_email }
  if (l.backup_order) line.backup_order = { tenant_name: l.backup_order.tenant_name, admin_email: l.backup_order.admin_email }
  if (l.meeting_order) {
    const m = l.meeting_order
    line.meeting_order = withoutNulls({
      deal_registration_id: m.deal_registration_id,
      deal_registration_approval_id: m.deal_registration_approval_id,
      end_user_name: m.end_user_name,
      end_user_company: m.end_user_company,
      end_user_email: m.end_user_email,
    })
  }
  return line
}

function withoutNulls<T extends Record<string, string | null | undefined>>(o: T): { [K in keyof T]?: string } {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(o)) if (v !== null && v !== undefined) out[k] = v
  return out as { [K in keyof T]?: string }
}

/**
 * The DraftMaker over the baskets module's own `baskets.create` channel handler (looked up when a
 * reorder happens, so the feature order in core/index.ts does not matter).
 */
export function draftsViaHandlers(handlers: () => PartialHandlers): DraftMaker {
  return {
    async createDraft(organisation, doc) {
      const create = handlers()['baskets.create']
      if (!create) throw new AppError('internal', 'Reordering is not available in this build: the draft baskets module is missing.')
      const draft = await create({ organisation, doc: DraftDoc.partial().parse(doc) })
      return { id: draft.id, lineCount: draft.lineCount }
    },
  }
}
