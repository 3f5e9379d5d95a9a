import { reactive } from 'vue'
import { useCatalogueStore } from '../../stores/catalogue'

/** SKU and name of products by id, from the local catalogue; ids it does not hold show as ids. */
export function useProductNames() {
  const catalogue = useCatalogueStore()
  const known = reactive(new Map<number, { sku: string; name: string } | null>())
  /** Asks once for every id not asked for yet (a group lists hundreds). */
  async function resolve(ids: readonly number[]): Promise<void> {
    const wanted = [...new Set(ids)].filter((id) => !known.has(id))
    for (const id of wanted) known.set(id, null)
    if (!wanted.length) return
    try {
      for (const p of await catalogue.summaries(wanted)) known.set(p.id, { sku: p.product_code, name: p.name })
    } catch {
      /* no local catalogue yet: shown by id */
    }
  }
  const label = (id: number) => {
    const p = known.get(id)
    return p ? `${p.sku} — ${p.name}` : `#${id}`
  }
  return { known, resolve, label }
}
