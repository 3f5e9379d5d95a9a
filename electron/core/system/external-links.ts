import type { Product, Shipment } from '../../../shared/api'
import { trackingLink } from '../../../shared/tracking-url'
import type { Connection } from '../connection/connection'
import { mayOpenExternally, type ExternalLinkScope } from './external-link-policy'

/**
 * The scope of external-link-policy for the running app: the active profile's web interface and
 * the tracking hosts of shipments the service returned in this run (the orders feature reports
 * every order it shows), and the document links of local-catalogue products (the catalogue feature
 * reports every product it shows).
 */
export class ExternalLinks {
  private readonly trackingHosts = new Set<string>()
  private readonly productDocuments = new Set<string>()

  constructor(private readonly connection: Pick<Connection, 'active'>) {}

  /** Shipments the service returned: their tracking pages may be opened. */
  noteShipments(shipments: readonly Pick<Shipment, 'tracking_number'>[] | null | undefined): void {
    for (const s of shipments ?? []) {
      const link = trackingLink(s.tracking_number)
      if (link) this.trackingHosts.add(new URL(link.url).host)
    }
  }

  /** A product as stored in the local catalogue: its https document links may be opened, exactly. */
  noteProductDocuments(product: Pick<Product, 'datasheet_url' | 'guide_url' | 'quickstart_url'> | null): void {
    for (const url of [product?.datasheet_url, product?.guide_url, product?.quickstart_url]) if (url?.startsWith('https://')) this.productDocuments.add(url)
  }

  scope(): ExternalLinkScope {
    return { webInterface: this.connection.active()?.profile.webUrl ?? null, trackingHosts: this.trackingHosts, productDocuments: this.productDocuments }
  }

  allows(url: unknown): url is string {
    return mayOpenExternally(url, this.scope())
  }
}
