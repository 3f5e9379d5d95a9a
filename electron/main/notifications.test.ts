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
    expect(targets.latest()).toMatchObject({ alertId: 'a1', orderId: 12 })
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
})
