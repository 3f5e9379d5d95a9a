import { revokeTokens } from './auth'
import type { SandboxServer } from './server'
import type { SandboxState } from './state'
import type { Fault, SandboxControl } from './types'

/** In-process test control: the same powers as the /api/v1/_test endpoints. */
export function createControl(state: SandboxState, server: SandboxServer): SandboxControl {
  return {
    advanceClock(seconds) {
      state.clock.advance(seconds)
    },
    transition() {
      throw new Error('not implemented yet')
    },
    tick() {},
    raisePrices(productIds, percent) {
      state.prices.raise(productIds, percent)
    },
    revokeTokens(clientId) {
      revokeTokens(state, clientId)
    },
    injectFault(fault: Fault) {
      state.faults.add(fault)
    },
    clearFaults() {
      state.faults.clear()
    },
    requestLog: () => state.log.list(),
    clearRequestLog() {
      state.log.clear()
    },
    listBasketsRaw: () => [],
    listOrdersRaw: () => [],
    pause: () => server.pause(),
    resume: () => server.resume(),
  }
}
