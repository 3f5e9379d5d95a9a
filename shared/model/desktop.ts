import { z } from 'zod'

/** How the desktop app behaves around its window; startAtLogin is null where the platform has no such switch. */
export const DesktopPrefs = z.object({ keepInTray: z.boolean(), startAtLogin: z.boolean().nullable() })
export type DesktopPrefs = z.infer<typeof DesktopPrefs>

export const WorkOfflineState = z.object({ on: z.boolean() })
export type WorkOfflineState = z.infer<typeof WorkOfflineState>
