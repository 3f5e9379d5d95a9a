/**
 * A core's outbox in a process of its own, so the chaos suite can SIGKILL it at any point: forked
 * with tsx, it sends the drafts queued in WD_PROFILE_DIR to the service at WD_BASE_URL and tells the
 * parent 'ready' when it starts and 'idle' when nothing is left to send.
 */
import { BasketStore } from '../../../electron/core/baskets/basket-store'
import { Outbox } from '../../../electron/core/baskets/outbox'
import { systemClock } from '../../../electron/core/platform/services'
import { ServiceClient } from '../../../electron/core/service/client'

const env = (k: string) => {
  const v = process.env[k]
  if (!v) throw new Error(`${k} is not set`)
  return v
}
const quiet = { info: () => {}, warn: () => {}, error: () => {} }
const store = new BasketStore(env('WD_PROFILE_DIR'), () => Date.now())
const client = new ServiceClient({ baseUrl: env('WD_BASE_URL'), clientId: env('WD_CLIENT_ID'), secret: async () => env('WD_CLIENT_SECRET') }, { clock: systemClock, log: quiet })
const outbox = new Outbox({ store, client: () => client, service: () => env('WD_BASE_URL'), clock: systemClock, log: quiet, changed() {}, sent() {}, concurrency: 3, retryBaseMs: 5, retryMaxMs: 50, inFlightGraceMs: 1000 })

outbox.start()
process.send?.('ready')
const poll = setInterval(() => {
  void outbox.idle().then(() => {
    if (store.byState('queued', 'sending').length === 0) {
      clearInterval(poll)
      process.send?.('idle')
    }
  })
}, 10)
