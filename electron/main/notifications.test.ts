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
})
