import { z } from 'zod'
import { channel } from '../contract-kit'
import { Language } from '../../api'

/** How the desktop app behaves around its window; startAtLogin is null where the platform has no such switch. */
export const DesktopPrefs = z.object({ keepInTray: z.boolean(), startAtLogin: z.boolean().nullable() })
export type DesktopPrefs = z.infer<typeof DesktopPrefs>

export const WorkOfflineState = z.object({ on: z.boolean() })
export type WorkOfflineState = z.infer<typeof WorkOfflineState>

/** App-level channels that need no connection. */
export const systemChannels = {
  'system.desktopPrefs': channel(z.undefined(), DesktopPrefs),
  'system.setDesktopPrefs': channel(z.object({ keepInTray: z.boolean().optional(), startAtLogin: z.boolean().optional() }), DesktopPrefs),
  'system.info': channel(
    z.undefined(),
    z.object({ version: z.string(), platform: z.string(), harness: z.boolean() }),
  ),
  /** The language the window shows, so that texts made outside it (desktop alerts, tray) match. */
  'system.setLanguage': channel(z.object({ language: Language }), z.object({ language: Language })),
  'system.openExternal': channel(z.object({ url: z.url({ protocol: /^https$/ }) }), z.object({ opened: z.boolean() })),
  /** "Work offline": while on, the app sends nothing to any service (kept across restarts). */
  'system.workOffline': channel(z.undefined(), WorkOfflineState),
  'system.setWorkOffline': channel(WorkOfflineState, WorkOfflineState),
}

export const systemEvents = {
  /** Online state comes from probing the service. */
  'system.online': z.object({ online: z.boolean(), checkedAt: z.string() }),
  /** The shell follows these (window close, login item), from Settings or the tray alike. */
  'system.desktopPrefsChanged': DesktopPrefs,
  'system.workOfflineChanged': WorkOfflineState,
  /** The window's language changed: the tray follows. */
  'system.languageChanged': z.object({ language: Language }),
}
