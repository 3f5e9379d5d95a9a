import type { Address } from './api'
import type { DraftAddress } from './model/draft'

/**
 * A service address (a saved one, or an order's or basket's shipping or finance address, which
 * may lack parts) as a draft holds it: every text field as text, '' for one not given, so the
 * editor shows exactly what the service has. A shipping address has no label; its name is ''.
 */
export function draftAddressFrom(a: Partial<Address>): DraftAddress {
  return {
    name: a.name ?? '',
    company_name: a.company_name ?? '',
    recipient_name: a.recipient_name ?? '',
    addr_line_1: a.addr_line_1 ?? '',
    addr_line_2: a.addr_line_2 ?? '',
    city: a.city ?? '',
    region: a.region ?? '',
    postal_code: a.postal_code ?? '',
    country_code: a.country_code ?? null,
  }
}
