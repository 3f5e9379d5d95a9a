import { describe, expect, it } from 'vitest'
import { afterNewer, type AlertShown } from './alert'

const status = (id: string, title: string, orderIds: number[], profileId = 'p-a'): AlertShown => ({ id, title, body: '', statusOf: { orderIds, profileId } })

/** The alerts a rep still sees after each is shown in turn, newest first, as the in-page strip and the OS centre keep them. */
function shownInTurn(...alerts: AlertShown[]): string[] {
  let kept: AlertShown[] = []
  for (const alert of alerts) kept = [alert, ...kept.flatMap((a) => afterNewer(alert, a) ?? [])]
  return kept.map((a) => a.title)
}

describe('an order status alert and the older ones it makes stale', () => {
  it('replaces the older alert of the same order, and keeps other orders’, other profiles’ and other kinds of alert', () => {
    const basketSent: AlertShown = { id: 'b', title: 'Basket sent as order 1042', body: '', target: { kind: 'order', orderId: 1042 } }
    expect(
      shownInTurn(status('1', 'Order 1042: Shipped', [1042]), status('2', 'Order 7: Shipped', [7]), status('3', 'Order 1042: Shipped', [1042], 'p-b'), basketSent, status('4', 'Order 1042: Complete', [1042])),
    ).toEqual(['Order 1042: Complete', 'Basket sent as order 1042', 'Order 1042: Shipped', 'Order 7: Shipped'])
  })

  it('drops a grouped alert once each of its orders has been told anew by single alerts, and keeps it while one is not', () => {
    const grouped = status('g', '4 orders changed status', [1, 2, 3, 4])
    const later = [status('s1', 'Order 1: Complete', [1]), status('s2', 'Order 2: Complete', [2]), status('s3', 'Order 3: Complete', [3])]
    // Three of its four orders told anew: it is still the latest news of order 4.
    expect(shownInTurn(grouped, ...later)).toEqual(['Order 3: Complete', 'Order 2: Complete', 'Order 1: Complete', '4 orders changed status'])
    // The fourth too: nothing in it is news any more.
    expect(shownInTurn(grouped, ...later, status('s4', 'Order 4: Cancelled', [4]))).toEqual(['Order 4: Cancelled', 'Order 3: Complete', 'Order 2: Complete', 'Order 1: Complete'])
    // Another grouped alert telling the rest counts as well.
    expect(shownInTurn(grouped, later[0]!, status('g2', '5 orders changed status', [2, 3, 4, 8, 9]))).toEqual(['5 orders changed status', 'Order 1: Complete'])
  })

  it('narrows only what the grouped alert tells: its words and the orders its click shows stay', () => {
    const grouped: AlertShown = { ...status('g', '4 orders changed status', [1, 2, 3, 4]), body: 'Shipped: 4', target: { kind: 'orders', orderIds: [1, 2, 3, 4] } }
    const left = afterNewer(status('s2', 'Order 2: Complete', [2]), grouped)
    expect(left).toEqual({ ...grouped, statusOf: { orderIds: [1, 3, 4], profileId: 'p-a' } })
    // Another profile's order 2 is another order.
    expect(afterNewer(status('x', 'Order 2: Complete', [2], 'p-b'), grouped)).toBe(grouped)
  })
})
