import { z } from 'zod'
import { Id } from '../api'
import { DraftLine } from './draft'

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
