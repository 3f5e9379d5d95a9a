import { z } from 'zod'
import { channel } from '../contract-kit'
import { Language } from '../../api'
import { DesktopPrefs, WorkOfflineState } from '../../model/desktop'

// Re-exported from the domain model (shared/model) for the renderer's imports.
export { DesktopPrefs, WorkOfflineState }

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
