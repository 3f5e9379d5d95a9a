import { isCancellable, type Order, type OrderStatus } from '../../../shared/api'
import { AppError } from '../../../shared/model/app-error'
import type { ErrorReason } from '../../../shared/model/error-reason'
import type { ServiceClient } from '../service/client'
import { ServiceError } from '../service/service-error'
import type { OrderQueries } from './order-queries'

interface OrderActionDeps {
  client: ServiceClient
  queries: OrderQueries
  /** The user's own change: remembered by the watcher so it is not announced back to them. */
  acknowledge(order: Order): void
  nudge(): void
}

/**
 * Resubmit and cancel, allowed by status as spec section 3 says. The status is checked against a
 * fresh copy first so a stale view cannot send a request the service would refuse; whatever the
 * service still refuses comes back with its own words.
 */
export class OrderActions {
  constructor(private readonly deps: OrderActionDeps) {}

  /** ATTENTION_REQUIRED only, once the issue was resolved with the service operator. */
  async resubmit(id: number): Promise<Order> {
    const current = await this.deps.queries.fetch(id)
    if (current.status !== 'ATTENTION_REQUIRED') {
      throw new AppError('conflict', `Only an order that needs attention can be resubmitted; order ${id} is ${current.status}.`).because({ code: 'orderNotResubmittable', status: current.status })
    }
    return this.act('resubmitOrder', id, 'resubmit')
  }

  /** Before ACCEPTED only: from ACCEPTED on an order is final. */
  async cancel(id: number): Promise<Order> {
    const current = await this.deps.queries.fetch(id)
    if (!isCancellable(current.status)) {
      throw new AppError('conflict', `Order ${id} is ${current.status} and can no longer be cancelled: from ACCEPTED on an order is final.`).because(notCancellable(current.status))
    }
    return this.act('cancelOrder', id, 'cancel')
  }

  private async act(op: 'resubmitOrder' | 'cancelOrder', id: number, verb: string): Promise<Order> {
    try {
      const order = await this.deps.client.call(op, { params: { id } }).catch((err: unknown) => {
        // What resubmit answers is not shown (spec 4.1): a success that is not an order (no body,
        // a message) means it was done; the order is read again rather than the action reported failed.
        if (err instanceof ServiceError && err.code === 'bad_response' && err.status !== null && err.status < 300 && err.fields?.problem !== 'web_page') return this.deps.queries.fetch(id)
        throw err
      })
      this.deps.queries.remember(order)
      this.deps.acknowledge(order)
      this.deps.nudge()
      return order
    } catch (err) {
      if (err instanceof ServiceError && ['conflict', 'validation', 'forbidden', 'not_found'].includes(err.code)) {
        throw new ServiceError(err.code, `The service refused to ${verb} order ${id}: ${err.message}`, err.status, false, err.fields, err.retryAfterSeconds)
      }
      throw err
    }
  }
}

/** Why an order in this status cannot be cancelled, as the window says it. */
function notCancellable(status: string): ErrorReason {
  if (status === 'CANCELLED') return { code: 'orderAlreadyCancelled' }
  if ((PAST_CANCELLING as readonly string[]).includes(status)) return { code: 'orderPastCancelling', status }
  return { code: 'orderNotCancellable', status }
}
/** From ACCEPTED on, an order is final (spec 3): its status says how far it got. */
const PAST_CANCELLING: readonly OrderStatus[] = ['ACCEPTED', 'PART_SHIPPED', 'SHIPPED', 'COMPLETE']
