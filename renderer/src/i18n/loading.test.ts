import { describe, expect, it } from 'vitest'
import { createAppI18n, loadAdminMessages, switchLanguage } from './index'

describe('loading the messages of the shown language only', () => {
  it('starts with its own language and nothing else', async () => {
    const i18n = await createAppI18n('de')
    expect(i18n.global.availableLocales).toEqual(['de'])
    expect(i18n.global.t('orders.title')).toBe('Bestellungen')
    // Order status names come from the one status namespace.
    expect(i18n.global.t('orders.status.SHIPPED')).toBe('Versandt')
    // The shell's words are not the window's.
    expect(Object.keys(i18n.global.getLocaleMessage('de'))).not.toContain('tray')
  })

  it('loads a language when it is switched to, and shows it only then', async () => {
    const i18n = await createAppI18n('en')
    const switching = switchLanguage(i18n.global, 'nl')
    expect(i18n.global.locale.value).toBe('en')
    await switching
    expect(i18n.global.locale.value).toBe('nl')
    expect(i18n.global.availableLocales.sort()).toEqual(['en', 'nl'])
    expect(i18n.global.t('frame.nav.settings')).toBe('Instellingen')
  })

  it('ends on the last language chosen when switches overlap', async () => {
    const i18n = await createAppI18n('en')
    await Promise.all([switchLanguage(i18n.global, 'it'), switchLanguage(i18n.global, 'es')])
    expect(i18n.global.locale.value).toBe('es')
  })

  it("adds administration's messages when they are asked for, to every language loaded and to those loaded later", async () => {
    const i18n = await createAppI18n('fr')
    expect(i18n.global.te('admin.title')).toBe(false)
    await loadAdminMessages()
    expect(i18n.global.t('admin.title')).toBe('Administration')
    await switchLanguage(i18n.global, 'de')
    expect(i18n.global.t('admin.title')).toBe('Verwaltung')
  })

  it('never puts every language in the app: only tests import every-language.ts', () => {
    const sources = import.meta.glob(['../**/*.vue', '../**/*.ts', '!../**/*.test.ts'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>
    expect(Object.keys(sources).length).toBeGreaterThan(20)
    expect(Object.entries(sources).filter(([, text]) => /from ['"][^'"]*every-language['"]/.test(text)).map(([file]) => file)).toEqual([])
  })
})
