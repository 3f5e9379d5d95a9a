import { originOf } from './app-origin'

/**
 * Web permissions are denied by default. The only one the app's own pages get is writing to the
 * clipboard (copying an order or SKU). Notifications come from the main process, never the page.
 */
const ALLOWED_FOR_APP = new Set(['clipboard-sanitized-write'])

export function isPermissionAllowed(permission: string, requestingUrl: string | null | undefined, appOrigins: readonly string[]): boolean {
  if (!ALLOWED_FOR_APP.has(permission)) return false
  const origin = originOf(requestingUrl)
  return origin !== null && appOrigins.includes(origin)
}
