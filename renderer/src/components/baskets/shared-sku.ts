import type { ProductSummary } from '../../../../shared/ipc/channels/catalogue'
import { api } from '../../services/api'

/**
 * A line the entry could not add (refused for its SKU): the products sharing that SKU in the
 * catalogue here, for the entry to offer (LineEntry.offer). None when the rep had picked one
 * already, or the SKU is one product's (or none's): then the refusal is said as it is.
 */
export async function productsSharingSku(line: { sku: string; productId?: number }): Promise<ProductSummary[]> {
  if (line.productId !== undefined) return []
  const found = await api.catalogue.lookupSku({ sku: line.sku }).catch(() => [])
  return found.length > 1 ? found : []
}
