import { shallowRef } from 'vue'
import { toApiError, type ApiError } from '../../services/api'
import { useCatalogueStore } from '../../stores/catalogue'
import { basketAdded, type BasketAdded } from './basket-added'

/**
 * "Add to basket" from a list (result rows, related products, a product group): one or several
 * products into the current draft (started if there is none), with the confirmation to show and
 * the error, if any. Drafts are local, so this works offline.
 */
export function useQuickAdd() {
  const catalogue = useCatalogueStore()
  const added = shallowRef<BasketAdded | null>(null)
  const error = shallowRef<ApiError | null>(null)
  const busy = shallowRef(false)

  async function add(product: { id: number; name: string; product_code: string }, quantity = 1): Promise<void> {
    error.value = null
    busy.value = true
    try {
      const draft = await catalogue.addToBasket(product.id, quantity)
      added.value = basketAdded(draft, product, quantity)
    } catch (err) {
      error.value = toApiError(err)
    } finally {
      busy.value = false
    }
  }

  /** Several products at once (a whole group), each with the same quantity: one confirmation naming the first and the count. */
  async function addAll(products: { id: number; name: string; product_code: string }[], quantity: number, label: string): Promise<void> {
    if (!products.length) return
    error.value = null
    busy.value = true
    try {
      const draft = await catalogue.addManyToBasket(
        products.map((p) => ({ productId: p.id, sku: p.product_code, quantity })),
      )
      added.value = basketAdded(draft, { name: label, product_code: products.map((p) => p.product_code).join(', ') }, quantity)
    } catch (err) {
      error.value = toApiError(err)
    } finally {
      busy.value = false
    }
  }

  return { added, error, busy, add, addAll }
}
