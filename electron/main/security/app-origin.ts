import { LOOPBACK_HOSTS } from '../../../shared/loopback'

/**
 * Where the app's own pages live. In production the renderer is served from the privileged
 * `app://wholesale-desk/` scheme (never file://); in development from the electron-vite dev server on
 * this computer. Everything else — IPC senders, navigation, permissions — is judged against these.
 */
export const APP_SCHEME = 'app'
export const APP_HOST = 'wholesale-desk'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`

/**
 * `scheme://host[:port]` of a URL, or null. WHATWG `URL.origin` is "null" for non-special schemes
 * such as app:, so the origin is composed here the same way for every scheme.
 */
export function originOf(url: unknown): string | null {
  if (typeof url !== 'string' || url.length === 0 || url.length > 4096) return null
  try {
    const u = new URL(url)
    if (!u.host) return null
    return `${u.protocol}//${u.host}`.toLowerCase()
  } catch {
    return null
  }
}

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase())
}

/**
 * The URL the main window loads: the dev server in development — accepted only on this computer
 * over http(s) — and the app scheme otherwise.
 */
export function rendererEntryUrl(devServerUrl: string | undefined | null): string {
  if (!devServerUrl) return APP_ENTRY_URL
  const u = new URL(devServerUrl)
  if (!['http:', 'https:'].includes(u.protocol) || !isLoopbackHost(u.hostname)) {
    throw new Error(`Refusing to load the renderer from ${u.origin}: the dev server must run on this computer.`)
  }
  return u.href
}

/** The origins whose pages are the app's own: the app scheme, plus the dev server in development. */
export function appOrigins(devServerUrl: string | undefined | null): string[] {
  const dev = devServerUrl ? originOf(rendererEntryUrl(devServerUrl)) : null
  return dev ? [APP_ORIGIN, dev] : [APP_ORIGIN]
}
