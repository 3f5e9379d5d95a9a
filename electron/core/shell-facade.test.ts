import { describe, expect, it } from 'vitest'
import type { Core } from './index'
import { connect, coreSuite } from '../../tests/support/core/core-suite'

const suite = coreSuite({ testMode: true, products: 10, orders: 5, speed: 0 })

// What the shell (electron/main) may ask of the core besides its channels: typed operations only.
describe('the core’s typed operations for the shell', () => {
  it('names the active profile (the CSP allows its service’s images), none before one is connected', async () => {
    const t = await suite.start()
    const shell: Core = t.core
    expect(shell.activeProfile()).toBeNull()
    const id = await connect(t, suite.sandbox)
    expect(shell.activeProfile()).toMatchObject({ id, baseUrl: suite.sandbox.baseUrl })
  })

  it('knows the language the window last showed, also after a restart', async () => {
    const t = await suite.start()
    expect(t.core.language()).toBeNull()
    await t.call('system.setLanguage', { language: 'nl' })
    expect(t.core.language()).toBe('nl')
    await t.core.stop()
    const again = await suite.start({ dataDir: t.dataDir })
    expect(again.core.language()).toBe('nl')
  })

  it('keeps the app in the tray as Settings say, and gives the tray hint once only, restarts included', async () => {
    const t = await suite.start()
    expect(t.core.tray.keepInTray()).toBe(true)
    await t.call('system.setDesktopPrefs', { keepInTray: false })
    expect(t.core.tray.keepInTray()).toBe(false)

    expect(t.core.tray.takeHint()).toBe(true)
    expect(t.core.tray.takeHint()).toBe(false)
    await t.core.stop()
    const again = await suite.start({ dataDir: t.dataDir })
    expect(again.core.tray.takeHint()).toBe(false)
    expect(again.core.tray.keepInTray()).toBe(false)
  })

  it('keeps where the window was across a restart, and refuses a place that is not one', async () => {
    const t = await suite.start()
    expect(t.core.window.bounds()).toBeNull()
    expect(t.core.window.saveBounds({ x: -20, y: 40, width: 1100, height: 700, maximized: true })).toBe(true)
    await t.core.stop()
    const again = await suite.start({ dataDir: t.dataDir })
    expect(again.core.window.bounds()).toEqual({ x: -20, y: 40, width: 1100, height: 700, maximized: true })
    expect(again.core.window.saveBounds({ x: 0, y: 0, width: 0, height: 700, maximized: false })).toBe(false)
    expect(again.core.window.bounds()).toEqual({ x: -20, y: 40, width: 1100, height: 700, maximized: true })
  })
})
