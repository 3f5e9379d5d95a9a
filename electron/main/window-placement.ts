import type { WindowBounds } from '../core/system/window-settings'

interface Rect {
  x: number
  y: number
  width: number
  height: number
}

/** How much of the window's top edge must lie on a screen for the user to grab it. */
const GRAB_WIDTH = 100
const GRAB_HEIGHT = 30

/**
 * The saved place of the window if the user can still reach it on today's screens (a display
 * unplugged since, a laptop off its dock): its title bar must show on one of their work areas.
 * Otherwise null: the window opens at its default size, centred.
 */
export function placement(saved: WindowBounds | null, workAreas: readonly Rect[]): WindowBounds | null {
  if (!saved) return null
  const reachable = workAreas.some((a) => {
    const left = Math.max(saved.x, a.x)
    const right = Math.min(saved.x + saved.width, a.x + a.width)
    const top = Math.max(saved.y, a.y)
    const bottom = Math.min(saved.y + GRAB_HEIGHT, a.y + a.height)
    return right - left >= Math.min(GRAB_WIDTH, saved.width) && bottom - top >= Math.min(GRAB_HEIGHT, saved.height)
  })
  return reachable ? saved : null
}
