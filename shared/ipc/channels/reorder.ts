import { z } from 'zod'
import { Id } from '../../api'
import { channel } from '../contract-kit'
import { DraftView } from '../../model/draft-view'
import { DraftTemplate, FavouriteProduct, RecentProduct } from '../../model/reorder'

// Quick re-ordering's types are the domain model's (shared/model/reorder); re-exported for the renderer.
export { DraftTemplate, FavouriteProduct, RecentProduct } from '../../model/reorder'

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
