/**
 * The app writes a submission marker " [wd-xxxxxxxxxx]" at the end of a service basket's name
 * (see electron/core/baskets/outbox.ts); views show the name without it.
 */
export function unmarkedName(name: string | null | undefined): string {
  return (name ?? '').replace(/\s*\[wd-[a-z2-9]{10}\]$/, '')
}
