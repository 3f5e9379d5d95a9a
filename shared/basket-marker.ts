/**
 * The submission marker: a random token the app writes at the end of a service basket's `name`
 * (" [wd-xxxxxxxxxx]"; the service keeps names unchanged and returns them in the baskets list and on
 * the order). It is what lets the outbox find a basket whose creation reply was lost (see
 * electron/core/baskets/outbox.ts); views show the name without it.
 */
const MARKER_RE = /\[wd-([a-z2-9]{10})\]$/

const suffix = (marker: string) => ` [wd-${marker}]`
/** Room left for the user's own basket name (the service allows 255 characters). */
export const NAME_MAX = 255 - suffix('x'.repeat(10)).length

/** The basket name sent to the service: the user's name (trimmed to fit) and the marker. */
export function markedName(name: string, marker: string): string {
  return (name.trim().slice(0, NAME_MAX) + suffix(marker)).trimStart()
}

export function markerOf(name: string | null | undefined): string | null {
  return name ? (MARKER_RE.exec(name)?.[1] ?? null) : null
}

/** The user's part of a marked name (for "Work offline on this" and display). */
export function unmarkedName(name: string | null | undefined): string {
  return (name ?? '').replace(MARKER_RE, '').trimEnd()
}
