import { insertGroup } from '../domain/product-groups'
import type { SandboxState } from '../state'
import { SHOWCASE } from './catalogue'
import { typeId } from './reference-data'

type GroupSeed = Parameters<typeof insertGroup>[2]
const base = { active: true, description: undefined, detailed_description: undefined, related_product_groups: [] as number[] }

/**
 * Each organisation's own bundles, as a distributor's account managers set them up: a name that
 * says what the bundle is for, two ready for sale (LIVE) and one still being prepared (DRAFT, which
 * sales do not see). Ids are stable per seed; vendor and type ids are those of reference-data.
 */
const GROUPS: Record<number, GroupSeed[]> = {
  1: [
    { ...base, name: 'Small office networking kit', status: 'LIVE', products: [SHOWCASE.switch.id, SHOWCASE.accessPoint.id, SHOWCASE.router.id], type: typeId('Switch'), vendor: 1, grading: 10, description: 'Switch, access point and router for an office of up to 25 people' },
    { ...base, name: 'Team storage with backup', status: 'LIVE', products: [SHOWCASE.storage.id, SHOWCASE.backup.id], subscription_type: 'SUBSCRIPTION_KIND_STORAGE', subscription_product_type: 'BASE', vendor: 4, type: typeId('Storage Subscription'), grading: 5, description: 'Shared files for a team, backed up daily' },
  ],
  2: [
    { ...base, name: 'Classroom Wi-Fi bundle', status: 'LIVE', products: [SHOWCASE.accessPoint.id, SHOWCASE.switch.id, SHOWCASE.maintenance.id], type: typeId('Access Point'), vendor: 1, grading: 8, description: 'Wi-Fi 6 for a classroom, with next business day maintenance' },
    { ...base, name: 'Secure branch office', status: 'LIVE', products: [SHOWCASE.firewall.id, SHOWCASE.router.id, SHOWCASE.licence.id], type: typeId('Firewall'), vendor: 2, grading: 7, description: 'Firewall, 4G-backed router and a year of security licences' },
  ],
  4: [
    { ...base, name: 'Desk phone rollout', status: 'LIVE', products: [SHOWCASE.phone.id, SHOWCASE.switch.id], type: typeId('IP Phone'), vendor: 5, grading: 6, description: 'Desk IP phones with a PoE switch to power them' },
    { ...base, name: 'Managed backup starter', status: 'LIVE', products: [SHOWCASE.backup.id], subscription_type: 'SUBSCRIPTION_KIND_BACKUP', subscription_product_type: 'BASE', vendor: 4, type: typeId('Backup Subscription'), grading: 4 },
  ],
  3: [
    { ...base, name: 'Meeting room collaboration pack', status: 'LIVE', products: [SHOWCASE.meeting.id, SHOWCASE.meetingAddOn.id], subscription_type: 'SUBSCRIPTION_KIND_MEETING', subscription_product_type: 'BASE', vendor: 5, type: typeId('Meeting Subscription'), grading: 6 },
    { ...base, name: 'Rack installation accessories', status: 'LIVE', products: [...SHOWCASE.ambiguousIds, SHOWCASE.unbranded.id], type: typeId('Accessory'), grading: 3, description: 'Rack mount kits and patch cables' },
  ],
}

/** The one each organisation is still preparing: not for sale yet (DRAFT), related to its live ones. */
const DRAFT_NAMES: Record<number, string> = {
  1: 'Storage add-ons (being prepared)',
  2: 'Meeting add-ons for schools (being prepared)',
  4: 'Phone headsets bundle (being prepared)',
  3: 'Backup archive add-ons (being prepared)',
}

export function seedProductGroups(state: SandboxState): void {
  for (const org of [1, 2, 4, 3]) {
    const live = GROUPS[org]!.map((g) => insertGroup(state, org, g))
    insertGroup(state, org, {
      ...base,
      name: DRAFT_NAMES[org]!,
      status: 'DRAFT',
      products: [SHOWCASE.storageAddOn.id],
      subscription_type: 'SUBSCRIPTION_KIND_STORAGE',
      subscription_product_type: 'ADD_ON',
      related_product_groups: live.map((g) => g.id),
      grading: 1,
    })
    // The live ones point at each other, as related bundles do.
    const [a, b] = live
    if (a && b) {
      for (const [g, other] of [[a, b], [b, a]] as const) {
        state.store.run('UPDATE product_groups SET doc = ? WHERE id = ?', JSON.stringify({ ...g, related_product_groups: [other.id] }), g.id)
      }
    }
  }
}
