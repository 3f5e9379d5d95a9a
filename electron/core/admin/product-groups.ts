import { PER_PAGE_MAX, type ProductGroup, type ProductGroupBody, type ProductGroupListItem } from '../../../shared/api'
import { ADMIN_PERMISSIONS } from '../../../shared/permissions'
import { assertFullyRead } from '../service/fully-read'
import { adminCall, type AdminDeps } from './admin-call'

/** The organisation's own product groups (spec 2.6, 4.2). */
export class ProductGroups {
  constructor(private readonly deps: AdminDeps) {}

  /** Every group, all pages: there are few, and the view filters them locally. */
  list(): Promise<ProductGroupListItem[]> {
    return adminCall(this.deps, 'see product groups', ADMIN_PERMISSIONS.viewProductGroups, async (c) => {
      const all: ProductGroupListItem[] = []
      for (let page = 1; ; page++) {
        const res = await c.list('listProductGroups', { query: { page, per_page: PER_PAGE_MAX } })
        all.push(...res.items)
        if (page >= res.pages || res.items.length === 0) return all
      }
    })
  }

  get(id: number): Promise<ProductGroup> {
    return adminCall(this.deps, 'see this product group', ADMIN_PERMISSIONS.viewProductGroups, (c) => c.call('getProductGroup', { params: { id } }))
  }

  create(body: ProductGroupBody): Promise<ProductGroup> {
    return adminCall(this.deps, 'create product groups', ADMIN_PERMISSIONS.editProductGroups, (c) => c.call('createProductGroup', { body }))
  }

  /** PUT replaces the group: the edit form was filled from the group as read, so it must have been read whole. */
  async edit(id: number, body: ProductGroupBody): Promise<ProductGroup> {
    assertFullyRead(await this.get(id), `Product group ${id}`)
    return adminCall(this.deps, 'edit product groups', ADMIN_PERMISSIONS.editProductGroups, (c) => c.call('editProductGroup', { params: { id }, body }))
  }
}
