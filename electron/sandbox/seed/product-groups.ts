import { insertGroup } from '../domain/product-groups'
import type { SandboxState } from '../state'
import { SHOWCASE } from './catalogue'

/** A few product groups for some organisations (ids stable per seed). */
export function seedProductGroups(state: SandboxState): void {
  const base = { active: true, description: undefined, detailed_description: undefined, related_product_groups: [] as number[] }
  for (const org of [1, 2, 4, 3]) {
    const net = insertGroup(state, org, { ...base, name: 'Networking starter kit', status: 'LIVE', products: [SHOWCASE.switch.id, SHOWCASE.accessPoint.id, SHOWCASE.router.id], type: 1, vendor: 1, grading: 10, description: 'Switch, access point and router for a small office' })
    const storage = insertGroup(state, org, { ...base, name: 'Team storage', status: 'LIVE', products: [SHOWCASE.storage.id], subscription_type: 'SUBSCRIPTION_KIND_STORAGE', subscription_product_type: 'BASE', vendor: 4, type: 10, grading: 5 })
    insertGroup(state, org, { ...base, name: 'Storage add-ons', status: 'DRAFT', products: [SHOWCASE.storageAddOn.id], subscription_type: 'SUBSCRIPTION_KIND_STORAGE', subscription_product_type: 'ADD_ON', related_product_groups: [storage.id, net.id], grading: 1 })
  }
}
