import { z } from 'zod'
import { Id } from '../../api'
import { channel } from '../contract-kit'
import { DraftLine, DraftView } from './baskets'

/**
 * Quick re-ordering, per organisation (the acting one) and offline: products recently ordered with
 * their last quantities (learnt from the orders the app has seen), favourites, and drafts kept as
 * templates to start new drafts from. All of it lives in the profile's own SQLite file.
 */
export const RecentProduct = z.object({
  productId: Id,
  sku: z.string(),
  name: z.string(),
  /** The quantity of the latest order that had it. */
  quantity: z.int(),
  orderId: Id,
  /** When that order was placed (ISO), or null if the service did not say. */
  orderedAt: z.string().nullable(),
})
export type RecentProduct = z.infer<typeof RecentProduct>

export const FavouriteProduct = z.object({ productId: Id, sku: z.string(), name: z.string(), addedAt: z.string() })
export type FavouriteProduct = z.infer<typeof FavouriteProduct>

export const DraftTemplate = z.object({
  id: z.string(),
  name: z.string(),
  organisation: Id.nullable(),
  lines: z.array(DraftLine),
  createdAt: z.string(),
})
export type DraftTemplate = z.infer<typeof DraftTemplate>

const TemplateName = z.string().trim().min(1).max(120)

export const reorderChannels = {
  'reorder.recent': channel(z.undefined(), z.array(RecentProduct)),
  'reorder.favourites': channel(z.undefined(), z.array(FavouriteProduct)),
  'reorder.setFavourite': channel(z.object({ productId: Id, favourite: z.boolean() }), z.object({ favourite: z.boolean() })),
  'reorder.templates': channel(z.undefined(), z.array(DraftTemplate)),
  /** The draft's lines and shipping kept under a name (the draft itself is not changed). */
  'reorder.saveTemplate': channel(z.object({ draftId: z.string().min(1).max(64), name: TemplateName }), DraftTemplate),
  'reorder.removeTemplate': channel(z.object({ id: z.string().min(1).max(64) }), z.object({ removed: z.boolean() })),
  /** A new draft with the template's lines (current from then on). */
  'reorder.startFromTemplate': channel(z.object({ id: z.string().min(1).max(64) }), DraftView),
}
