/**
 * What quick re-ordering needs of the orders: the orders opened on this computer (the orders
 * feature's offline copies, as the service sent them), to learn what was bought. The orders feature
 * implements it (core/index.ts passes it in); reorder never opens the orders' database itself.
 */
export interface OrdersSeenPort {
  ordersOpened(): unknown[]
}
