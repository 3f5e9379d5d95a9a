import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { NavigationTarget } from '../../shared/ipc/channels/navigation'
import { AlertTargetStore } from './alert-targets'
import { fakeElectron } from '../../tests/support/main/fake-electron'

vi.mock('electron', async () => (await import('../../tests/support/main/fake-electron')).fakeElectron)
const { createElectronNotifier } = await import('./notifications')
const { Notification } = fakeElectron

const dir = mkdtempSync(join(tmpdir(), 'wd-notify-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const silent = { info: () => {}, warn: () => {}, error: () => {} }

function setup() {
  const opened: Array<NavigationTarget | null> = []
  const targets = new AlertTargetStore(join(dir, `${Math.random()}.json`))
  const notifier = createElectronNotifier({ targets, open: (t) => void opened.push(t), log: silent })
  return { notifier, opened, targets }
}

describe('native notifications for core alerts', () => {
  it('shows the alert and, on click, opens its order — remembering the target for a click after a restart', () => {
    const { notifier, opened, targets } = setup()
    const before = Notification.shown.length
    notifier.show({ id: 'a1', title: 'Order 12: Shipped', body: 'PO-7', target: { kind: 'order', orderId: 12 } })
    const shown = Notification.shown.slice(before)
    expect(shown.map((n) => n.options)).toMatchObject([{ title: 'Order 12: Shipped', body: 'PO-7' }])
    shown[0]!.emit('click', {})
    expect(opened).toEqual([{ kind: 'order', orderId: 12 }])
    expect(targets.latest()).toMatchObject({ alertId: 'a1', target: { kind: 'order', orderId: 12 } })
  })

  it("a grouped alert's click shows its orders — remembered too, for a click after a restart", () => {
    const { notifier, opened, targets } = setup()
    notifier.show({ id: 'g1', title: '66 orders changed status', body: 'Shipped: 66', target: { kind: 'orders', orderIds: [5, 9, 14] } })
    Notification.shown.at(-1)!.emit('click', {})
    expect(opened).toEqual([{ kind: 'orders', orderIds: [5, 9, 14] }])
    expect(targets.latest()).toMatchObject({ alertId: 'g1', target: { kind: 'orders', orderIds: [5, 9, 14] } })
  })

  it('a click on an alert without a target just opens the window', () => {
    const { notifier, opened } = setup()
    notifier.show({ id: 'a2', title: 'Sync finished', body: '' })
    Notification.shown.at(-1)!.emit('click', {})
    expect(opened).toEqual([null])
  })

  it('on Windows gives the toast a launch argument that reopens the order', () => {
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!
    Object.defineProperty(process, 'platform', { value: 'win32' })
    try {
      setup().notifier.show({ id: 'a4', title: 'Order 9', body: 'Accepted', target: { kind: 'order', orderId: 9 } })
    } finally {
      Object.defineProperty(process, 'platform', platform)
    }
    expect((Notification.shown.at(-1)!.options as { toastXml?: string }).toastXml).toContain('launch="--open-order=9"')
  })

  it("on Windows gives a grouped alert's toast no order to open: its click comes as -ToastActivated, and the last target is opened", () => {
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!
    Object.defineProperty(process, 'platform', { value: 'win32' })
    try {
      setup().notifier.show({ id: 'g2', title: '5 orders changed status', body: 'Shipped: 5', target: { kind: 'orders', orderIds: [1, 2, 3, 4, 5] } })
    } finally {
      Object.defineProperty(process, 'platform', platform)
    }
    expect((Notification.shown.at(-1)!.options as { toastXml?: string }).toastXml).not.toContain('launch=')
  })

  describe('one notification per order in the OS centre, in its latest status', () => {
    const status = (id: string, title: string, orderIds: number[], profileId = 'p-a') => ({ id, title, body: '', statusOf: { orderIds, profileId } })
    /** Shows each alert and answers its notification. */
    function showAll(notifier: ReturnType<typeof setup>['notifier'], ...alerts: Parameters<ReturnType<typeof setup>['notifier']['show']>[0][]) {
      return alerts.map((a) => {
        notifier.show(a)
        return Notification.shown.at(-1)!
      })
    }
    const closed = (...ns: Array<{ closeCalls: number }>) => ns.map((n) => n.closeCalls > 0)

    it('closes an order’s notification once a newer one tells its new status, and keeps the other orders’, other profiles’ and other kinds of alert', () => {
      const { notifier } = setup()
      const [shipped, otherOrder, otherProfile, basketSent, delivered] = showAll(
        notifier,
        status('s1', 'Order 1042: Shipped', [1042]),
        status('s2', 'Order 7: Shipped', [7]),
        // Another account's order 1042: another order.
        status('s3', 'Order 1042: Shipped', [1042], 'p-b'),
        // About the same order, but no status: it still says something true.
        { id: 'basket-sent-1042', title: 'Basket “Clinic restock” sent', body: 'Order 1042', target: { kind: 'order', orderId: 1042 } },
        status('s4', 'Order 1042: Complete', [1042]),
      )
      expect(closed(shipped!, otherOrder!, otherProfile!, basketSent!, delivered!)).toEqual([true, false, false, false, false])
    })

    it('a grouped alert closes the single ones of its orders; a single one does not close a grouped one telling other orders too', () => {
      const { notifier } = setup()
      const [one, two, other, grouped, later] = showAll(
        notifier,
        status('g-1', 'Order 1: Shipped', [1]),
        status('g-2', 'Order 2: Shipped', [2]),
        status('g-9', 'Order 9: Shipped', [9]),
        status('g-group', '4 orders changed status', [1, 2, 3, 4]),
        status('g-3', 'Order 3: Complete', [3]),
      )
      expect(closed(one!, two!, other!, grouped!, later!)).toEqual([true, true, false, false, false])
    })

    it('closes a grouped notification once each of its orders has been told anew by single ones, not before', () => {
      const { notifier } = setup()
      const [grouped] = showAll(notifier, status('h-group', '4 orders changed status', [1, 2, 3, 4]))
      showAll(notifier, status('h-1', 'Order 1: Complete', [1]), status('h-2', 'Order 2: Complete', [2]), status('h-3', 'Order 3: Complete', [3]))
      expect(closed(grouped!)).toEqual([false])
      showAll(notifier, status('h-4', 'Order 4: Cancelled', [4]))
      expect(closed(grouped!)).toEqual([true])
    })

    it('forgets a notification once clicked or closed, and closes none twice', () => {
      const { notifier } = setup()
      const [clicked, dismissed, superseded] = showAll(notifier, status('f-1', 'Order 21: Shipped', [21]), status('f-2', 'Order 22: Shipped', [22]), status('f-3', 'Order 23: Shipped', [23]))
      clicked!.emit('click', {})
      dismissed!.emit('close', {})
      showAll(notifier, status('f-4', 'Order 21: Complete', [21]), status('f-5', 'Order 22: Complete', [22]), status('f-6', 'Order 23: Complete', [23]))
      expect(superseded!.closeCalls).toBe(1)
      // Gone already: nothing left to close.
      expect([clicked!.closeCalls, dismissed!.closeCalls]).toEqual([0, 0])
      showAll(notifier, status('f-7', 'Order 23: Cancelled', [23]))
      expect(superseded!.closeCalls).toBe(1)
    })

    it('on Windows still closes a toast that timed out into the Action Center (Electron says "close" then too)', () => {
      const platform = Object.getOwnPropertyDescriptor(process, 'platform')!
      Object.defineProperty(process, 'platform', { value: 'win32' })
      try {
        const { notifier } = setup()
        const [shipped] = showAll(notifier, status('w-1', 'Order 31: Shipped', [31]))
        shipped!.emit('close', {})
        showAll(notifier, status('w-2', 'Order 31: Complete', [31]))
        expect(shipped!.closeCalls).toBe(1)
      } finally {
        Object.defineProperty(process, 'platform', platform)
      }
    })
  })
})
