import type { Organisation } from '../../../shared/api'

/** Parents before children, each child under its parent with its depth (0 for the top), names A to Z among siblings. */
export function treeOrder(orgs: Organisation[]): { org: Organisation; depth: number }[] {
  const ids = new Set(orgs.map((o) => o.id))
  const children = new Map<number | null, Organisation[]>()
  for (const o of orgs) {
    const parent = o.parent != null && ids.has(o.parent) ? o.parent : null
    children.set(parent, [...(children.get(parent) ?? []), o])
  }
  const out: { org: Organisation; depth: number }[] = []
  const walk = (parent: number | null, depth: number) => {
    for (const o of (children.get(parent) ?? []).sort((a, b) => a.name.localeCompare(b.name))) {
      out.push({ org: o, depth })
      walk(o.id, depth + 1)
    }
  }
  walk(null, 0)
  return out
}
