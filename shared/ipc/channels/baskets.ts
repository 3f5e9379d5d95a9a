import { z } from 'zod'
import { Basket, BASKET_SORTS, Id, LineItem, LineItemRequest, QUANTITY_MAX } from '../../api'
import { channel } from '../contract-kit'
import { DraftDoc, DraftHeaderPatch, DraftLine, DraftLinePatch, LooseId } from '../../model/draft'
import { DraftLineEdit, DraftSummary, DraftView, LineProductInfo, Rechoose } from '../../model/draft-view'
import { ImportPreviewRow } from '../../model/draft-import'
import { OutboxCounts } from '../../model/outbox'
import { ReferenceData } from '../../model/reference-data'

// The drafts' types are the domain model's (shared/model); re-exported for the renderer's imports.
export { DraftAddress, DraftDoc, DraftFinance, DraftHeaderPatch, DraftLine, DraftLinePatch, DraftState, LineEstimate, ReviewLine } from '../../model/draft'
export type { DraftDocInput, DraftError } from '../../model/draft'
export { DraftLineEdit, DraftSummary, DraftView, FieldCode, FieldMessageKey, LineProductInfo, Rechoose } from '../../model/draft-view'
export { ImportPreviewRow } from '../../model/draft-import'
export { OutboxCounts } from '../../model/outbox'
export { ReferenceData } from '../../model/reference-data'
export { DRAFTS_FILE_FORMAT, DraftsFile } from '../../model/drafts-file'

const AddLineRequest = z
  .object({
    /** The current draft when omitted (a new one is started if there is none). */
    draftId: z.string().optional(),
    sku: z.string().trim().min(1).max(128).optional(),
    productId: LooseId.optional(),
    quantity: z.int().min(1).max(QUANTITY_MAX).default(1),
  })
  .refine((r) => r.sku !== undefined || r.productId !== undefined, { message: 'Give a SKU or a product id', path: ['sku'] })

const ImportRow = z.object({ productId: LooseId.optional(), sku: z.string().trim().min(1).max(128), quantity: z.int().min(1).max(QUANTITY_MAX) })

/** A locale Intl knows ('de', 'en-GB'). */
const Locale = z
  .string()
  .max(64)
  .refine((l) => {
    try {
      return Intl.getCanonicalLocales(l).length === 1
    } catch {
      return false
    }
  }, 'Not a locale')

const ServerBasketPage = z.object({
  items: z.array(Basket),
  total: z.int(),
  pages: z.int(),
  /** Baskets of this page only partly read (shown with a marker), and rows too broken to show. */
  partial: z.array(Id).default([]),
  unreadable: z.int().default(0),
})

const DraftId = z.object({ id: z.string().min(1).max(64) })

export const basketsChannels = {
  'baskets.list': channel(z.undefined(), z.object({ drafts: z.array(DraftSummary), outbox: OutboxCounts, currentId: z.string().nullable() })),
  'baskets.get': channel(DraftId, DraftView),
  'baskets.create': channel(z.object({ organisation: LooseId.optional(), doc: DraftDoc.partial().optional() }).default({}), DraftView),
  'baskets.remove': channel(DraftId, z.object({ removed: z.boolean() })),
  'baskets.setCurrent': channel(z.object({ id: z.string().nullable() }), z.object({ currentId: z.string().nullable() })),
  'baskets.update': channel(DraftId.extend({ patch: DraftHeaderPatch }), DraftView),
  'baskets.setOrganisation': channel(DraftId.extend({ organisation: LooseId }), DraftView),
  'baskets.addLine': channel(AddLineRequest, DraftView),
  'baskets.updateLine': channel(DraftId.extend({ key: z.string(), patch: DraftLinePatch }), DraftView),
  /** A line's quantity, markup, options or note edited: answers that line and the totals, not the draft (a product change goes by updateLine). */
  'baskets.editLine': channel(DraftId.extend({ key: z.string(), patch: DraftLinePatch.omit({ product: true, product_code: true, product_name: true }) }), DraftLineEdit),
  'baskets.removeLine': channel(DraftId.extend({ key: z.string() }), z.object({ draft: DraftView, removed: DraftLine, index: z.int() })),
  'baskets.restoreLine': channel(DraftId.extend({ line: DraftLine, index: z.int().min(0) }), DraftView),
  'baskets.moveLine': channel(DraftId.extend({ key: z.string(), to: z.int().min(0) }), DraftView),
  /** `locale`: the language the quantities are read in, as the quantity field reads them ("2.000" is two thousand in German). */
  'baskets.previewImport': channel(z.object({ text: z.string().max(2_000_000), locale: Locale }), z.array(ImportPreviewRow)),
  'baskets.importLines': channel(DraftId.extend({ rows: z.array(ImportRow).max(5000) }), DraftView),
  'baskets.refreshEstimate': channel(DraftId, DraftView),
  'baskets.submit': channel(DraftId, DraftView),
  'baskets.acceptPrices': channel(DraftId, DraftView),
  'baskets.editAgain': channel(DraftId, DraftView),
  /** A draft waiting in the queue (after a failed attempt) is tried again now, its backoff forgotten. */
  'baskets.retry': channel(DraftId, DraftView),
  /**
   * A draft of another service (error 'other_service') becomes this one's: its old service's basket
   * ids go, so submitting creates a new basket, and so do its other ids of that service (organisation,
   * rate plans, related products, shipping type, countries); products are found again by SKU.
   */
  'baskets.useWithService': channel(DraftId, z.object({ draft: DraftView, rechoose: Rechoose })),
  'baskets.outbox': channel(z.undefined(), OutboxCounts),
  /** Every draft not yet submitted, as the text of a drafts file (DraftsFile). */
  'baskets.exportDrafts': channel(z.undefined(), z.object({ text: z.string(), count: z.int() })),
  /** Adds the drafts of a drafts file as new drafts; a file that is not one is refused whole. */
  'baskets.importDrafts': channel(z.object({ text: z.string().max(50_000_000) }), z.object({ imported: z.int() })),
  'baskets.referenceData': channel(z.object({ organisation: LooseId.optional() }).default({}), ReferenceData),
  'baskets.productInfo': channel(z.object({ productId: LooseId }), LineProductInfo.nullable()),
  'baskets.serverList': channel(
    z.object({ page: z.int().min(1).default(1), per_page: z.int().min(1).max(1000).default(50), sort_by: z.enum(BASKET_SORTS).default('+name') }).default({ page: 1, per_page: 50, sort_by: '+name' }),
    ServerBasketPage,
  ),
  /** The basket, and the fields of it the service sent missing or unreadable (empty when fully read). */
  'baskets.serverGet': channel(z.object({ id: LooseId }), z.object({ basket: Basket, unread: z.array(z.string()).default([]) })),
  /** Modify a service basket: header changes, and the lines to keep with their quantities (by line id; others are removed). */
  'baskets.serverSave': channel(
    z.object({ id: LooseId, patch: DraftHeaderPatch.default({}), lines: z.array(z.object({ id: LooseId, quantity: LineItemRequest.shape.quantity })).max(1000).optional() }),
    Basket,
  ),
  /** `productId`: the product the rep picked among those sharing the SKU (sent by id: the SKU alone names several). */
  'baskets.serverAddLine': channel(z.object({ id: LooseId, sku: z.string().trim().min(1).max(128), productId: LooseId.optional(), quantity: LineItemRequest.shape.quantity }), LineItem),
  'baskets.serverSubmit': channel(z.object({ id: LooseId }), z.object({ orderId: LooseId })),
  'baskets.workOffline': channel(z.object({ id: LooseId }), DraftView),
}
