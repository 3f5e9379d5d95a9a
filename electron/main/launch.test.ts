import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { AlertTargetStore } from './alert-targets'
import { ORDER_FILTER_IDS_MAX } from '../../shared/model/order'
import { autostartEntry, quoteExecArg } from './autostart-entry'
import { openOrderArg, parseLaunchArgs, selfCheckRequest } from './launch-args'
import { launchActions } from './second-launch'
import { toastXml } from './toast-xml'

describe('launch arguments', () => {
  it('reads --open-order, --demo, --hidden and the Windows toast activation flag', () => {
    expect(parseLaunchArgs(['/opt/app/wholesale-desk', '--open-order=123', '--demo'])).toEqual({ openOrder: 123, openOrderProfile: null, demo: true, hidden: false, toastActivated: false })
    expect(parseLaunchArgs(['app.exe', '-ToastActivated', '--hidden'])).toMatchObject({ toastActivated: true, hidden: true, openOrder: null })
    expect(parseLaunchArgs(['app', '--open-order', '77'])).toMatchObject({ openOrder: 77 })
    expect(parseLaunchArgs(['app', openOrderArg(5)]).openOrder).toBe(5)
  })

  it('takes demo mode from WHOLESALE_DESK_DEMO=1 too', () => {
    expect(parseLaunchArgs(['app'], { WHOLESALE_DESK_DEMO: '1' }).demo).toBe(true)
    expect(parseLaunchArgs(['app'], { WHOLESALE_DESK_DEMO: '0' }).demo).toBe(false)
  })

  it('ignores order ids that are not plain positive integers', () => {
    for (const bad of ['--open-order=', '--open-order=0', '--open-order=-4', '--open-order=1e3', '--open-order=12abc', '--open-order=99999999999', '--open-order=../x'])
      expect(parseLaunchArgs(['app', bad]).openOrder, bad).toBeNull()
  })

  it('asks for a self-check with --self-check, optionally naming the report file', () => {
    expect(selfCheckRequest(['electron', 'app'])).toBeNull()
    expect(selfCheckRequest(['app', '--self-check'])).toEqual({ reportPath: null })
    expect(selfCheckRequest(['app', '--demo', '--self-check=/tmp/r.json'])).toEqual({ reportPath: '/tmp/r.json' })
    expect(selfCheckRequest(['app', '--self-check='])).toEqual({ reportPath: null })
    expect(selfCheckRequest(['app', '--self-checks'])).toBeNull()
  })
})

describe('alert targets persisted for clicks after a restart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wd-alerts-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('remembers the order each alert pointed at, across a new instance', () => {
    const file = join(dir, 'a', 'alert-targets.json')
    let t = 1000
    const store = new AlertTargetStore(file, () => t++)
    store.remember({ id: 'a1', title: 'Order 1', body: 'Shipped', target: { kind: 'order', orderId: 1 } })
    // With its profile: clicked after a restart in another profile, the order is still said to be that one's.
    store.remember({ id: 'a2', title: 'Order 2', body: 'Accepted', target: { kind: 'order', orderId: 2, profileId: 'p-1' } })
    store.remember({ id: 'plain', title: 'No target', body: '' })
    const after = new AlertTargetStore(file)
    expect(after.latest()).toEqual({ alertId: 'a2', shownAt: 1001, target: { kind: 'order', orderId: 2, profileId: 'p-1' } })
    expect(after.find('a1')?.target).toEqual({ kind: 'order', orderId: 1 })
    expect(after.find('plain')).toBeNull()
  })

  it('keeps the last twenty and survives a corrupt file', () => {
    const file = join(dir, 'many.json')
    const store = new AlertTargetStore(file)
    for (let i = 1; i <= 30; i++) store.remember({ id: `x${i}`, title: '', body: '', target: { kind: 'order', orderId: i } })
    expect(new AlertTargetStore(file).all().map((t) => t.target)).toEqual(Array.from({ length: 20 }, (_, i) => ({ kind: 'order', orderId: 30 - i })))
    writeFileSync(file, '{not json')
    expect(new AlertTargetStore(file).latest()).toBeNull()
  })

  it("remembers a grouped alert's orders, and drops unreadable ones", () => {
    const file = join(dir, 'grouped.json')
    new AlertTargetStore(file, () => 7).remember({ id: 'g', title: '3 orders changed status', body: 'Shipped: 3', target: { kind: 'orders', orderIds: [3, 5, 8] } })
    expect(new AlertTargetStore(file).latest()).toEqual({ alertId: 'g', shownAt: 7, target: { kind: 'orders', orderIds: [3, 5, 8] } })
    const ok = { alertId: 'ok', shownAt: 1, target: { kind: 'orders', orderIds: [2] } }
    const unreadable = [
      { alertId: 'empty', shownAt: 1, target: { kind: 'orders', orderIds: [] } },
      { alertId: 'bad', shownAt: 1, target: { kind: 'orders', orderIds: [2, 'x'] } },
      { alertId: 'many', shownAt: 1, target: { kind: 'orders', orderIds: Array.from({ length: ORDER_FILTER_IDS_MAX + 1 }, (_, i) => i + 1) } },
      { alertId: 'negative', shownAt: 1, target: { kind: 'order', orderId: -1 } },
      { alertId: 'untimed', target: { kind: 'order', orderId: 4 } },
      'junk',
    ]
    writeFileSync(file, JSON.stringify([...unreadable, ok]))
    expect(new AlertTargetStore(file).all()).toEqual([ok])
  })

  it('reads the targets an earlier version wrote (orderId or orderIds beside the alert), so a toast shown before an update still opens its orders', () => {
    const file = join(dir, 'earlier.json')
    writeFileSync(
      file,
      JSON.stringify([
        { alertId: 'one', orderId: 3, shownAt: 2 },
        { alertId: 'bad', orderId: -1, shownAt: 1 },
        { alertId: 'empty', orderIds: [], shownAt: 1 },
        { alertId: 'group', orderIds: [2, 9], shownAt: 1 },
        'junk',
      ]),
    )
    expect(new AlertTargetStore(file).all()).toEqual([
      { alertId: 'one', shownAt: 2, target: { kind: 'order', orderId: 3 } },
      { alertId: 'group', shownAt: 1, target: { kind: 'orders', orderIds: [2, 9] } },
    ])
  })
})

describe('Windows toast XML', () => {
  it('launches with --open-order=<id> so a click after a restart opens the order', () => {
    const xml = toastXml({ id: 'a', title: 'Order 12 shipped', body: 'PO-1', target: { kind: 'order', orderId: 12 } })
    expect(xml).toContain('launch="--open-order=12"')
    expect(xml).toContain('activationType="foreground"')
    expect(parseLaunchArgs(['app.exe', /launch="([^"]*)"/.exec(xml)![1]!]).openOrder).toBe(12)
  })

  // The toast's launch named the order only: clicked after a restart and a profile switch, it opened that number in the connected profile.
  it('launches with the profile whose order it is, and the click opens the order with it', () => {
    const xml = toastXml({ id: 'a', title: 'Order 12 shipped', body: 'PO-1', target: { kind: 'order', orderId: 12, profileId: '0f8e-p1' } })
    const request = parseLaunchArgs(['app.exe', /launch="([^"]*)"/.exec(xml)![1]!])
    expect(launchActions(request, { first: true, lastAlertTarget: () => null })).toEqual([{ kind: 'open', target: { kind: 'order', orderId: 12, profileId: '0f8e-p1' } }])
    // Typed on the command line without one: the connected profile's order of that number.
    expect(launchActions(parseLaunchArgs(['app', '--open-order=12']), { first: true, lastAlertTarget: () => null })).toEqual([{ kind: 'open', target: { kind: 'order', orderId: 12 } }])
    for (const bad of ['--open-order=12@', '--open-order=12@a b', '--open-order=12@../x', `--open-order=12@${'p'.repeat(65)}`])
      expect(parseLaunchArgs(['app', bad]), bad).toMatchObject({ openOrder: null })
    // A profile id that is not one token is left out: the order still opens (as the connected profile's).
    expect(toastXml({ id: 'b', title: 'Order 12 shipped', body: '', target: { kind: 'order', orderId: 12, profileId: 'a b' } })).toContain('launch="--open-order=12"')
  })

  it('escapes what the service wrote, so a PO number cannot break or inject into the toast', () => {
    const xml = toastXml({ id: 'a', title: 'Order <b>&"x"', body: "</text><action content='x'/>" })
    expect(xml).not.toContain('<b>')
    expect(xml).not.toContain('<action')
    expect(xml).toContain('Order &lt;b&gt;&amp;&quot;x&quot;')
    expect(xml).not.toContain('launch=')
  })
})

describe('Linux autostart entry', () => {
  it('starts the app hidden, with the executable quoted per the Desktop Entry spec', () => {
    const entry = autostartEntry('/home/ann/Apps/Wholesale Desk.AppImage', ['--hidden'])
    expect(entry).toContain('Exec="/home/ann/Apps/Wholesale Desk.AppImage" --hidden\n')
    expect(entry.startsWith('[Desktop Entry]\nType=Application\n')).toBe(true)
    expect(quoteExecArg('/opt/wd/wholesale-desk')).toBe('/opt/wd/wholesale-desk')
    expect(quoteExecArg('a"b$c`d\\e')).toBe('"a\\"b\\$c\\`d\\\\e"')
    expect(autostartEntry('/opt/100%/wd', [])).toContain('Exec=/opt/100%%/wd')
  })
})

