import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES } from '../../../../shared/api'
import { actionsAllowed, noCancelReason } from './order-rules'
import { trackingLink } from '../../../../shared/tracking-url'

const writer = { permissions: [{ permission: 'orders:write', parent: false }] }
const reader = { permissions: [{ permission: 'orders:read', parent: false }] }

describe('order actions by status (spec section 3)', () => {
  it('offers resubmit only for ATTENTION_REQUIRED and never cancel from ACCEPTED on', () => {
    const resubmittable = ORDER_STATUSES.filter((s) => actionsAllowed(s, writer).resubmit)
    expect(resubmittable).toEqual(['ATTENTION_REQUIRED'])
    for (const s of ['ACCEPTED', 'PART_SHIPPED', 'SHIPPED', 'COMPLETE', 'FAILED', 'CANCELLED'] as const) expect(actionsAllowed(s, writer).cancel).toBe(false)
    expect(actionsAllowed('PROCESSING', writer).cancel).toBe(true)
  })

  it('offers nothing to a user who may only read orders', () => {
    expect(actionsAllowed('ATTENTION_REQUIRED', reader)).toEqual({ resubmit: false, cancel: false, reorder: false })
  })

  it('says why there is no "Cancel": final from ACCEPTED on, read-only for a reader, nothing for cancelled, failed or draft orders', () => {
    for (const s of ['ACCEPTED', 'PART_SHIPPED', 'SHIPPED', 'COMPLETE'] as const) {
      expect(noCancelReason(s, writer)).toBe('final')
      expect(noCancelReason(s, reader)).toBe('final')
    }
    for (const s of ['CREATED', 'PROCESSING', 'PENDING_AUTHORISATION', 'ATTENTION_REQUIRED'] as const) {
      expect(noCancelReason(s, writer)).toBeNull()
      expect(noCancelReason(s, reader)).toBe('readOnly')
    }
    for (const s of ['CANCELLED', 'FAILED', 'DRAFT'] as const) expect(noCancelReason(s, writer)).toBeNull()
    // Not yet known who the user is: no claim about their rights.
    expect(noCancelReason('PROCESSING', null)).toBeNull()
    expect(noCancelReason('SHIPPED', null)).toBe('final')
    // A status the service added since: not called final (that would say the order was accepted).
    expect(noCancelReason('ON_HOLD', writer)).toBe('unknownStatus')
    expect(noCancelReason('ON_HOLD', null)).toBe('unknownStatus')
  })
})

describe('tracking links', () => {
  it('links numbers whose carrier is unambiguous, over https, and leaves the rest as text', () => {
    expect(trackingLink('1Z999AA10123456784')).toEqual({ carrier: 'UPS', url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' })
    expect(trackingLink('1Z308D3C3F000100021')?.carrier).toBe('UPS')
    expect(trackingLink(' ab123456785gb ')?.carrier).toBe('Royal Mail')
    expect(trackingLink('15501234567890')?.url).toBe('https://track.dpd.co.uk/parcels/15501234567890')
    expect(trackingLink('123456789012')).toBeNull()
    expect(trackingLink('')).toBeNull()
    expect(trackingLink(null)).toBeNull()
    for (const n of ['1Z999AA10123456784', 'AB123456785GB', '1234567890']) expect(trackingLink(n)!.url.startsWith('https://')).toBe(true)
  })
})
