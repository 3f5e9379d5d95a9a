import { reactive } from 'vue'
import { api } from '../../services/api'

/** SKU and name of products by id, from the local catalogue; ids it does not hold show as ids. */
export function useProductNames() {
  const known = reactive(new Map<number, { sku: string; name: string } | null>())
  async function resolve(ids: readonly number[]): Promise<void> {
    await Promise.all(
      ids
        .filter((id) => !known.has(id))
        .map(async (id) => {
          known.set(id, null)
          try {
            const p = await api.catalogue.product({ id })
            known.set(id, { sku: p.product_code, name: p.name })
          } catch {
            /* not in the local catalogue (not synced yet): shown by id */
          }
        }),
    )
  }
  const label = (id: number) => {
    const p = known.get(id)
    return p ? `${p.sku} — ${p.name}` : `#${id}`
  }
  return { known, resolve, label }
}
