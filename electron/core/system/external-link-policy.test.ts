import { describe, expect, it } from 'vitest'
import { mayOpenExternally, type ExternalLinkScope } from './external-link-policy'

const scope: ExternalLinkScope = { webInterface: 'https://orders.example.com', trackingHosts: new Set(['www.ups.com', 'track.dpd.co.uk']) }

describe('the openExternal policy', () => {
  it('opens the profile’s web interface and the tracking pages of shipments the service returned', () => {
    expect(mayOpenExternally('https://orders.example.com/orders/10001', scope)).toBe(true)
    expect(mayOpenExternally('https://orders.example.com', scope)).toBe(true)
    expect(mayOpenExternally('https://www.ups.com/track?tracknum=1Z999AA10123456784', scope)).toBe(true)
    expect(mayOpenExternally('https://track.dpd.co.uk/parcels/15501234567890', scope)).toBe(true)
  })

  it('refuses any other https site, even a well-formed one (today’s "any https URL" is gone)', () => {
    for (const url of ['https://evil.example/', 'https://orders.example.com.evil.example/orders/1', 'https://www.dhl.com/gb-en/home/tracking.html?tracking-id=1234567890', 'https://example.com/'])
      expect(mayOpenExternally(url, scope), url).toBe(false)
  })

  it('refuses other schemes, another port, credentials and hidden characters on an allowed host', () => {
    for (const url of [
      'http://orders.example.com/orders/1',
      'https://orders.example.com:8443/orders/1',
      'https://user:pw@orders.example.com/orders/1',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'https://orders.example.com/orders/1\n',
      'https://orders.example.com/or ders',
      `https://orders.example.com/${'x'.repeat(2100)}`,
      '',
      42,
      null,
    ])
      expect(mayOpenExternally(url, scope), String(url)).toBe(false)
  })

  it('keeps to the web interface’s path when it has one, and opens nothing without a profile', () => {
    const under = { ...scope, webInterface: 'https://portal.example.com/wholesale' }
    expect(mayOpenExternally('https://portal.example.com/wholesale/orders/7', under)).toBe(true)
    expect(mayOpenExternally('https://portal.example.com/admin', under)).toBe(false)
    expect(mayOpenExternally('https://portal.example.com/wholesaler/x', under)).toBe(false)
    expect(mayOpenExternally('https://orders.example.com/orders/1', { webInterface: null, trackingHosts: new Set() })).toBe(false)
  })

  it('opens a product document link the service returned only by exact https match', () => {
    const docs = { ...scope, productDocuments: new Set(['https://cdn.example.com/docs/ds-42.pdf', 'http://cdn.example.com/docs/plain.pdf']) }
    expect(mayOpenExternally('https://cdn.example.com/docs/ds-42.pdf', docs)).toBe(true)
    for (const url of ['https://cdn.example.com/docs/ds-42.pdf?x=1', 'https://cdn.example.com/docs/ds-42.pdfx', 'https://cdn.example.com/docs/', 'https://cdn.example.com/docs/ds-43.pdf', 'HTTPS://cdn.example.com/docs/ds-42.pdf', 'http://cdn.example.com/docs/plain.pdf'])
      expect(mayOpenExternally(url, docs), url).toBe(false)
    expect(mayOpenExternally('https://cdn.example.com/docs/ds-42.pdf', scope)).toBe(false)
  })
})
