import { APP_SCHEME, isLoopbackHost, originOf } from './app-origin'

export interface CspOptions {
  /** Development: the page comes from the electron-vite dev server, whose HMR talks over a websocket. */
  devServerUrl?: string | null
  /**
   * Where images may come from besides the app itself: the active profile's service origin and
   * product image hosts. Each is reduced to its origin; anything not https (or http on this
   * computer, for the embedded demo service) is dropped.
   */
  imageOrigins?: readonly string[]
}

/** A URL → the origin a CSP may name for it, or null when it is not allowed as an image source. */
export function imageSource(url: string): string | null {
  const origin = originOf(url)
  if (!origin) return null
  const u = new URL(origin)
  if (u.protocol === 'https:') return origin
  if (u.protocol === 'http:' && isLoopbackHost(u.hostname)) return origin
  return null
}

/**
 * The renderer's Content-Security-Policy, delivered as a response header (app: protocol handler in
 * production, webRequest in development). Scripts only from the app itself — no inline script, no
 * eval, in development too. Styles keep 'unsafe-inline' because naive-ui cannot take a CSP nonce:
 * it renders its component styles at run time through css-render (0.15.x), whose mount creates
 * each `<style cssr-id=…>` with document.createElement('style') and sets its text, with no nonce
 * attribute and no option to pass one (naive-ui 2.45 has none either: tusen-ai/naive-ui#6356 is
 * open), so under a nonce-only style-src every component would lose its styles. Stamping a nonce
 * on every created <style> by patching createElement would make the nonce mean nothing. The risk
 * left is CSS injection only: scripts stay 'self', and the page renders no untrusted HTML.
 * The renderer makes no network calls of its own (everything goes over IPC), so connect-src is
 * 'self' — plus the dev server's HMR websocket in development.
 */
export function buildCsp(options: CspOptions = {}): string {
  const images = [...new Set((options.imageOrigins ?? []).map(imageSource).filter((o): o is string => o !== null))]
  const connect = ["'self'"]
  if (options.devServerUrl) {
    const dev = new URL(options.devServerUrl)
    if (!isLoopbackHost(dev.hostname)) throw new Error('The dev server must run on this computer.')
    connect.push(`${dev.protocol === 'https:' ? 'wss:' : 'ws:'}//${dev.host}`)
  }
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'none'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", `${APP_SCHEME}:`, 'data:', 'blob:', ...images]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', connect],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['frame-src', ["'none'"]],
    ['child-src', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
  ]
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ')
}

/** Parses a policy back into directive → sources (for checks and tests). */
export function parseCsp(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/)
    if (name) out.set(name.toLowerCase(), values)
  }
  return out
}
