import { describe, expect, it } from 'vitest'
import { isOpenStatus } from '../../../shared/api'
import type { WatchState } from '../../../shared/model/order-watch'
import { connect, coreSuite } from '../../../tests/support/core/core-suite'

/**
 * The watcher reads every open order, page by page, also from a service whose list answers lack
 * X-Total-Pages (the record says every list carries it; a proxy or a later version may drop it).
 */
const suite = coreSuite({ testMode: true, products: 50, orders: 3000, speed: 0, tokenTtlSeconds: 36_000 })

describe('the order watcher, more than one page of open orders', () => {
  // It took a missing X-Total-Pages as "one page": 1,000 of the open orders were watched, the rest never alerted.
  it.each([[['X-Total-Pages']], [['X-Total-Pages', 'X-Total-Count']]])('watches every open order when the list answers come without %j', async (unset) => {
    const open = suite.sandbox.control.listOrdersRaw().filter((o) => isOpenStatus(o.status)).length
    expect(open).toBeGreaterThan(1000)
    const t = await suite.start()
    await connect(t, suite.sandbox)
    suite.sandbox.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: '^/orders$' }, unsetHeaders: unset })
    try {
      const s = await t.call<WatchState>('orders.pollNow')
      expect(s.open).toBe(open)
    } finally {
      suite.sandbox.control.clearFaults()
    }
  })
})
