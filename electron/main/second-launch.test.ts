import { describe, expect, it } from 'vitest'
import { openOrderArg, parseLaunchArgs } from './launch-args'
import { LaunchInbox, launchActions, launchHandover, receivedLaunch } from './second-launch'

const none = () => null

describe('a second launch hands its request to the running instance', () => {
  it('sends its arguments and its environment’s demo switch; the running instance reads them back', () => {
    const data = launchHandover(['/opt/wd/wholesale-desk', openOrderArg(42)], { WHOLESALE_DESK_DEMO: '1' })
    // What Electron would hand over: the argv with Chromium's switches moved around, and the data as sent.
    const request = receivedLaunch(['/opt/wd/wholesale-desk', '--allow-file-access-from-files'], structuredClone(data))
    expect(request).toEqual({ openOrder: 42, openOrderProfile: null, demo: true, hidden: false, toastActivated: false })
  })

  it('falls back to the argv when the data is missing or not ours, and never throws on junk', () => {
    expect(receivedLaunch(['wd', '--open-order=7'], undefined).openOrder).toBe(7)
    for (const junk of [null, 'x', 5, { v: 2, argv: [], demo: true }, { v: 1, argv: 'no', demo: false }, { v: 1, argv: Array(100).fill('a'), demo: false }])
      expect(receivedLaunch(['wd', '--hidden'], junk), JSON.stringify(junk)).toEqual(parseLaunchArgs(['wd', '--hidden']))
  })
})

describe('what the shell does for a launch', () => {
  const req = (argv: string[]) => parseLaunchArgs(['wd', ...argv])

  it('first launch: shows the window, or stays in the tray when started at login, or opens the order it names', () => {
    expect(launchActions(req([]), { first: true, lastAlertTarget: none })).toEqual([{ kind: 'show' }])
    expect(launchActions(req(['--hidden']), { first: true, lastAlertTarget: none })).toEqual([])
    expect(launchActions(req(['--open-order=9']), { first: true, lastAlertTarget: none })).toEqual([{ kind: 'open', target: { kind: 'order', orderId: 9 } }])
    // Demo mode on a first launch is started by the shell once the core runs, not here.
    expect(launchActions(req(['--demo']), { first: true, lastAlertTarget: none })).toEqual([{ kind: 'show' }])
  })

  it('second launch: brings the running window to the front, with its order or demo mode', () => {
    expect(launchActions(req([]), { first: false, lastAlertTarget: none })).toEqual([{ kind: 'show' }])
    expect(launchActions(req(['--open-order=12']), { first: false, lastAlertTarget: none })).toEqual([{ kind: 'open', target: { kind: 'order', orderId: 12 } }])
    expect(launchActions(req(['--demo']), { first: false, lastAlertTarget: none })).toEqual([{ kind: 'startDemo' }, { kind: 'show' }])
    expect(launchActions(req(['--demo', '--hidden']), { first: false, lastAlertTarget: none })).toEqual([{ kind: 'startDemo' }, { kind: 'show' }])
  })

  it('a second start at login leaves the running app as it is', () => {
    expect(launchActions(req(['--hidden']), { first: false, lastAlertTarget: none })).toEqual([])
  })

  it('a clicked Windows toast opens the last alert’s order, or a grouped alert’s orders', () => {
    expect(launchActions(req(['-ToastActivated']), { first: false, lastAlertTarget: () => ({ kind: 'order', orderId: 31 }) })).toEqual([{ kind: 'open', target: { kind: 'order', orderId: 31 } }])
    // With the profile the alert named them with: the renderer says so when another one is connected.
    const grouped = { kind: 'orders' as const, orderIds: [4, 8, 15], profileId: 'p-1' }
    expect(launchActions(req(['-ToastActivated']), { first: true, lastAlertTarget: () => grouped })).toEqual([{ kind: 'open', target: grouped }])
    expect(launchActions(req(['-ToastActivated']), { first: false, lastAlertTarget: none })).toEqual([{ kind: 'show' }])
  })
})

describe('launches that arrive while the app is starting', () => {
  it('wait, in order, and are handled once the shell can; later ones go straight through', () => {
    const inbox = new LaunchInbox()
    inbox.receive(req(1))
    inbox.receive(req(2))
    const handled: (number | null)[] = []
    inbox.open((r) => handled.push(r.openOrder))
    inbox.receive(req(3))
    expect(handled).toEqual([1, 2, 3])
  })

  it('keep the latest 20 of a burst', () => {
    const inbox = new LaunchInbox()
    for (let i = 1; i <= 50; i++) inbox.receive(req(i))
    const handled: (number | null)[] = []
    inbox.open((r) => handled.push(r.openOrder))
    expect(handled).toEqual(Array.from({ length: 20 }, (_, i) => 31 + i))
  })
  const req = (order: number) => parseLaunchArgs(['wd', openOrderArg(order)])
})
