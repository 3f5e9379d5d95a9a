/**
 * The carrier tracking page of a shipment's tracking number, when the number's format names its
 * carrier unambiguously; otherwise null and the number is shown as text to copy. The service says
 * nothing about carriers (spec 2.8 gives a bare string), so the carrier is recognised from the
 * public formats of the carriers a UK wholesaler ships with. Every URL is https (the only scheme
 * system.openExternal opens) and the number is URL-encoded. Ambiguous formats are left out on
 * purpose: 12 digits could be FedEx or several others, so no guess is made.
 */
const CARRIERS: { name: string; pattern: RegExp; url: (n: string) => string }[] = [
  // UPS numbers are 1Z + 16 characters; up to 18 are accepted so that numbers with a trailing
  // package digit (as the demo service's) still link.
  { name: 'UPS', pattern: /^1Z[0-9A-Z]{16,18}$/, url: (n) => `https://www.ups.com/track?tracknum=${n}` },
  { name: 'Royal Mail', pattern: /^[A-Z]{2}\d{9}GB$/, url: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}` },
  { name: 'DHL Express', pattern: /^JD\d{18}$|^\d{10}$/, url: (n) => `https://www.dhl.com/gb-en/home/tracking.html?tracking-id=${n}` },
  { name: 'DPD', pattern: /^\d{14}$/, url: (n) => `https://track.dpd.co.uk/parcels/${n}` },
  { name: 'USPS', pattern: /^9[2-5]\d{20}$/, url: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}` },
]

interface TrackingLink {
  carrier: string
  url: string
}

export function trackingLink(trackingNumber: string | null | undefined): TrackingLink | null {
  const n = (trackingNumber ?? '').replace(/\s+/g, '').toUpperCase()
  if (!n) return null
  const carrier = CARRIERS.find((c) => c.pattern.test(n))
  return carrier ? { carrier: carrier.name, url: carrier.url(encodeURIComponent(n)) } : null
}
