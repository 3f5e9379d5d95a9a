import type { DraftLine } from '../../../shared/model/draft'
import { AppError } from '../../../shared/model/app-error'
import type { ActiveSession } from '../connection/connection'
import { ProfileScoped } from '../connection/profile-scoped'
import type { CatalogueReader } from '../catalogue/catalogue'
import type { CoreContext, Feature } from '../context'
import { ReorderStore, type OrderSeen } from './reorder-store'
import type { OrdersSeenPort } from './orders-seen-port'
import type { TemplateDraftsPort } from './template-drafts-port'

interface ReorderDeps {
  /** The local catalogue: names and SKUs of favourites. */
  catalogue: () => CatalogueReader
  /** The drafts (the baskets feature's): read to save a template, created to start from one. */
  drafts: TemplateDraftsPort
  /** The orders opened on this computer (the orders feature's offline copies). */
  orders: OrdersSeenPort
}

/** How many of the organisation's latest orders are read when the list is opened online. */
const LATEST_ORDERS = 100

/** Orders that were placed (a draft or a cancelled order is not what the organisation buys). */
const NOT_ORDERED = new Set(['DRAFT', 'CANCELLED'])

export function orderSeen(raw: unknown): OrderSeen | null {
  if (!raw || typeof raw !== 'object') return null
  const o = raw as Record<string, unknown>
  if (typeof o.id !== 'number' || typeof o.organisation !== 'number' || NOT_ORDERED.has(String(o.status))) return null
  const lines = (Array.isArray(o.line_items) ? o.line_items : []).flatMap((l: unknown) => {
    const li = l as Record<string, unknown> | null
    if (!li || typeof li.product !== 'number' || typeof li.quantity !== 'number' || li.quantity < 1) return []
    return [{ product: li.product, sku: typeof li.product_code === 'string' ? li.product_code : '', name: typeof li.name === 'string' ? li.name : '', quantity: li.quantity }]
  })
  return { id: o.id, organisation: o.organisation, date: typeof o.date === 'string' ? o.date : null, lines }
}

/** A template's lines: what was chosen, without the estimate of the day or the line keys of the draft. */
function templateLines(lines: readonly DraftLine[]): DraftLine[] {
  return lines.map((l, i) => {
    const { estimate: _estimate, unmatched: _unmatched, discount: _discount, ...kept } = l
    return { ...kept, key: `t${i}` }
  })
}

/** Quick re-ordering: recently ordered products, favourites and templates, per acting organisation. */
export function reorderFeature(ctx: CoreContext, deps: ReorderDeps): Feature {
  // The profile's own quick-reorder file, opened while the profile is active.
  const scope = new ProfileScoped<ReorderStore>(ctx.connection, 'reorder', ctx.log, {
    open: (session) => new ReorderStore(session.profileDir),
    close: (store) => store.close(),
  })

  const current = (): { session: ActiveSession; store: ReorderStore; organisation: number } => {
    const session = ctx.connection.active()
    if (!session) throw new AppError('no_profile', 'Choose a connection profile first.')
    const store = scope.current()
    if (!store) throw new AppError('internal', 'The quick reorder lists of this connection could not be opened.')
    const organisation = session.actingOrganisation?.id ?? session.user?.organisation ?? 0
    return { session, store, organisation }
  }
  const now = () => new Date(ctx.clock.now()).toISOString()

  return {
    handlers: {
      'reorder.recent': async () => {
        const { session, store, organisation } = current()
        store.learn(deps.orders.ordersOpened().flatMap((o) => orderSeen(o) ?? []))
        // Online, the organisation's latest orders (one page, with their lines) are learnt too;
        // offline, what was learnt before answers.
        if (ctx.connection.online && organisation > 0) {
          try {
            const page = await session.client.list('listOrders', { query: { organisation: [organisation], per_page: LATEST_ORDERS, page: 1, sort_by: '-date' } })
            store.learn(page.items.flatMap((o) => orderSeen(o) ?? []))
          } catch {
            // Unreachable or refused: what was learnt before answers (the client reports reachability).
          }
        }
        return store.recent(organisation)
      },
      'reorder.favourites': () => {
        const { store, organisation } = current()
        return store.favourites(organisation)
      },
      'reorder.setFavourite': ({ productId, favourite }) => {
        const { store, organisation } = current()
        const product = deps.catalogue().getProduct(productId)
        if (favourite && !product) throw new AppError('not_found', 'That product is not in the catalogue stored on this computer.').because({ code: 'favouriteUnknown' })
        store.setFavourite(organisation, { id: productId, sku: product?.product_code ?? '', name: product?.name ?? '' }, favourite, now())
        return { favourite }
      },
      'reorder.templates': () => {
        const { store, organisation } = current()
        return store.templates(organisation)
      },
      'reorder.saveTemplate': async ({ draftId, name }) => {
        const { store } = current()
        const draft = await deps.drafts.draft(draftId)
        const lines = templateLines(draft.doc.line_items)
        if (!lines.length) throw new AppError('invalid_input', 'The draft has no lines to keep as a template.', { draftId: 'No lines' }).because({ code: 'templateEmpty' })
        return store.saveTemplate(draft.organisation ?? current().organisation, name, lines, now())
      },
      'reorder.removeTemplate': ({ id }) => ({ removed: current().store.removeTemplate(id) }),
      'reorder.startFromTemplate': async ({ id }) => {
        const { store, organisation } = current()
        const t = store.template(id)
        if (!t) throw new AppError('not_found', 'That template is no longer on this computer.').because({ code: 'templateGone' })
        const stamp = Date.now().toString(36)
        // Estimates from today's catalogue, as for any line added now (startDraft refreshes them).
        return deps.drafts.startDraft(t.organisation ?? organisation, { name: t.name, line_items: t.lines.map((l, i) => ({ ...l, key: `${stamp}-${i}` })) })
      },
    },
    start: () => scope.start(),
    stop: () => scope.stop(),
  }
}
