import type { ApiError } from '../../services/api'
import { errorText, reasonText } from '../error-text'

type Translate = (key: string, named?: Record<string, unknown>) => string

/**
 * Why a line could not be added, in the rep's words, for under the line entry: the core's reason
 * (an unknown SKU, a draft sent meanwhile…), else what kind of failure it was. The core's or the
 * service's English message stays out of the entry: it is said in every language the same.
 */
export function lineEntryErrorText(t: Translate, err: ApiError, sku: string): string {
  if (err.reason) return reasonText(t, err.reason)
  // A basket on the service: the service refuses an unknown code on the line's product_code.
  if (err.code === 'validation' && Object.keys(err.fields).some((f) => f === 'product_code' || f.endsWith('.product_code'))) return reasonText(t, { code: 'skuUnknown', sku })
  return errorText(t, err).summary
}
