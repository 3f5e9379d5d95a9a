import { Language } from '../../../shared/api'
import { AppError } from '../../../shared/model/app-error'
import type { DesktopPrefs } from '../../../shared/model/desktop'
import type { CoreContext, Feature } from '../context'
import type { LoginItem } from '../platform/services'
import type { ExternalLinks } from './external-links'

interface SystemOptions {
  version: string
  harness: boolean
  openExternal?: (url: string) => Promise<boolean>
  /** external-link-policy with the running app's scope: what is not allowed never reaches the shell. */
  links?: ExternalLinks
  loginItem?: LoginItem
}

/** Settings key shared with the shell, which reads it when the window closes. */
export const KEEP_IN_TRAY = 'shell.keepInTray'

/** Settings key of the window's language (see uiLanguage). */
export const UI_LANGUAGE = 'ui.language'

/** The language the window last showed, for texts the core makes (alerts); null until it said. */
export function uiLanguage(ctx: Pick<CoreContext, 'settings'>): Language | null {
  const parsed = Language.safeParse(ctx.settings.get<unknown>(UI_LANGUAGE, null))
  return parsed.success ? parsed.data : null
}

/** App-level channels that need no connection. */
export function systemFeature(ctx: CoreContext, opts: SystemOptions): Feature {
  const prefs = (): DesktopPrefs => ({ keepInTray: ctx.settings.get(KEEP_IN_TRAY, true), startAtLogin: opts.loginItem?.get() ?? null })
  return {
    handlers: {
      'system.desktopPrefs': () => prefs(),
      'system.setDesktopPrefs': (change) => {
        // Refused as a whole, before anything is changed, when a part cannot be done here.
        if (change.startAtLogin !== undefined && (!opts.loginItem || opts.loginItem.get() === null)) {
          throw new AppError('invalid_input', 'Starting at login is not available here.', { startAtLogin: 'Not available on this system' })
        }
        if (change.keepInTray !== undefined) ctx.settings.set(KEEP_IN_TRAY, change.keepInTray)
        if (change.startAtLogin !== undefined) opts.loginItem!.set(change.startAtLogin)
        const now = prefs()
        ctx.emit('system.desktopPrefsChanged', now)
        return now
      },
      'system.workOffline': () => ({ on: ctx.workOffline.on }),
      'system.setWorkOffline': async ({ on }) => {
        const was = ctx.workOffline.on
        await ctx.connection.setWorkOffline(on)
        if (was !== on) ctx.emit('system.workOfflineChanged', { on })
        return { on: ctx.workOffline.on }
      },
      'system.setLanguage': ({ language }) => {
        if (uiLanguage(ctx) !== language) {
          ctx.settings.set(UI_LANGUAGE, language)
          ctx.emit('system.languageChanged', { language })
        }
        return { language }
      },
      'system.info': () => ({ version: opts.version, platform: process.platform, harness: opts.harness }),
      'system.openExternal': async ({ url }) => {
        if (!opts.openExternal) throw new AppError('internal', 'Opening links is not available here.')
        if (opts.links && !opts.links.allows(url)) return { opened: false }
        return { opened: await opts.openExternal(url) }
      },
    },
  }
}
