import { z } from 'zod'
import type { Settings } from '../store/app-store'

const WINDOW_BOUNDS = 'shell.windowBounds'

/** Where the window was and how large, in screen pixels, and whether it was maximised. */
export const WindowBounds = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maximized: z.boolean(),
})
export type WindowBounds = z.infer<typeof WindowBounds>

/** The window's place kept by the core, so it opens where the user left it. */
export interface WindowSettings {
  /** The place last saved; null before the first close (or when what was kept cannot be read). */
  bounds(): WindowBounds | null
  /** Answers false, keeping what was saved, for a place that is not one (the shell calls it while the window closes: it never throws). */
  saveBounds(bounds: WindowBounds): boolean
}

export function windowSettings(settings: Settings): WindowSettings {
  return {
    bounds: () => WindowBounds.safeParse(settings.get<unknown>(WINDOW_BOUNDS, null)).data ?? null,
    saveBounds: (bounds) => {
      const parsed = WindowBounds.safeParse(bounds)
      if (parsed.success) settings.set(WINDOW_BOUNDS, parsed.data)
      return parsed.success
    },
  }
}
