import type { Address, Organisation } from '../../../shared/api'
import type { Store } from '../db/store'

export interface OrgRecord {
  id: number
  name: string
  parent: number | null
  linked_account: boolean
  finance_type: string
  currency: string
  authorisation_limit: number | null
  depth: number
}

/**
 * The organisation tree. Organisations do not change at run time (the API has no operation for it),
 * so visibility sets are computed once: a caller sees its own organisation and its descendants only.
 */
export class OrgTree {
  private readonly byId = new Map<number, OrgRecord>()
  private readonly visible = new Map<number, number[]>()

  constructor(store: Store) {
    const rows = store.all<Omit<OrgRecord, 'depth' | 'linked_account'> & { linked_account: number }>(
      'SELECT id, name, parent, linked_account, finance_type, currency, authorisation_limit FROM organisations ORDER BY id',
    )
    for (const r of rows) this.byId.set(r.id, { ...r, linked_account: r.linked_account === 1, depth: 0 })
    for (const org of this.byId.values()) {
      let depth = 0
      for (let p = org.parent; p !== null && depth < 100; p = this.byId.get(p)?.parent ?? null) depth++
      org.depth = depth
    }
    for (const org of this.byId.values()) this.visible.set(org.id, this.collect(org.id))
  }

  private collect(root: number): number[] {
    const out = [root]
    for (let i = 0; i < out.length; i++) for (const o of this.byId.values()) if (o.parent === out[i]) out.push(o.id)
    return out.sort((a, b) => a - b)
  }

  get(id: number): OrgRecord | undefined {
    return this.byId.get(id)
  }

  all(): OrgRecord[] {
    return [...this.byId.values()]
  }

  /** The viewer's own organisation and all its descendants. */
  visibleFrom(viewerOrg: number): number[] {
    return this.visible.get(viewerOrg) ?? []
  }

  isVisible(viewerOrg: number, orgId: number): boolean {
    return this.visibleFrom(viewerOrg).includes(orgId)
  }

  /** Our pricing rule: the top organisation buys at the base price, each tier below pays 5% more. */
  priceFactor(orgId: number): number {
    return 1 + 0.05 * (this.byId.get(orgId)?.depth ?? 0)
  }

  /**
   * Spec 2.3: parent is the parent organisation's id, the caller's own organisation's too (as
   * /whoami's root says whether it has one), though the caller cannot list or read that parent.
   */
  toApi(org: OrgRecord): Organisation {
    return {
      id: org.id,
      name: org.name,
      parent: org.parent,
      linked_account: org.linked_account,
      finance_type: org.finance_type,
    }
  }
}

export function listAddresses(store: Store, orgId: number): Address[] {
  return store.all<{ doc: string }>('SELECT doc FROM addresses WHERE organisation = ? ORDER BY id', orgId).map((r) => JSON.parse(r.doc) as Address)
}
