import type { Basket, Order, OrderStatus } from '../../shared/api'
import { revokeTokens } from './auth'
import { repriceBaskets } from './domain/orders'
import { runDue, tick, transitionOrder } from './domain/workflow'
import { setShippingCountries } from './domain/shipping-types'
import type { SandboxServer } from './server'
import type { SandboxState } from './state'
import type { Fault, SandboxControl } from './types'

/** Operations shared by the in-process control and the /api/v1/_test endpoints. */
export function advanceClock(state: SandboxState, seconds: number): void {
  state.clock.advance(seconds)
  runDue(state)
}

export function raisePrices(state: SandboxState, productIds: number[], percent: number): number[] {
  const changed = state.prices.raise(productIds, percent)
  state.productCache.clear()
  repriceBaskets(state, changed)
  return changed
}

export function rawRecords(state: SandboxState, kind: 'basket' | 'order'): Order[] {
  const sql = kind === 'basket' ? "SELECT doc FROM orders WHERE status = 'DRAFT' ORDER BY id" : "SELECT doc FROM orders WHERE status <> 'DRAFT' ORDER BY id"
  return state.store.all<{ doc: string }>(sql).map((r) => JSON.parse(r.doc) as Order)
}

/** In-process test control: the same powers as the /api/v1/_test endpoints. */
export function createControl(state: SandboxState, server: SandboxServer): SandboxControl {
  return {
    advanceClock: (seconds) => advanceClock(state, seconds),
    transition(orderId: number, status: OrderStatus, opts?: { reason?: string }) {
      transitionOrder(state, orderId, status, opts?.reason)
    },
    tick() {
      tick(state)
    },
    raisePrices(productIds, percent) {
      raisePrices(state, productIds, percent)
    },
    revokeTokens(clientId) {
      revokeTokens(state, clientId)
    },
    injectFault(fault: Fault) {
      // Faults exist only in test mode; failing loudly beats a silently ignored fault.
      if (!state.testMode) throw new Error('injectFault needs a sandbox started with testMode: true')
      state.faults.add(fault)
    },
    clearFaults() {
      state.faults.clear()
    },
    requestLog: () => state.log.list(),
    clearRequestLog() {
      state.log.clear()
    },
    setShippingCountries(id, countries, exclude) {
      setShippingCountries(state.store, id, countries, exclude)
    },
    listBasketsRaw: (): Basket[] => rawRecords(state, 'basket'),
    listOrdersRaw: (): Order[] => rawRecords(state, 'order'),
    pause: () => server.pause(),
    resume: () => server.resume(),
  }
}
