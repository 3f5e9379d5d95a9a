import { readFile } from 'node:fs/promises'
import { protocol, session } from 'electron'
import { APP_SCHEME } from './security/app-origin'
import { contentTypeOf, resolveRendererFile } from './security/app-files'

/**
 * The production renderer is served from app://wholesale-desk/ — a standard, secure scheme of our
 * own — rather than file://, so the page has a real origin, the CSP arrives as a response header,
 * and nothing outside the renderer folder can be read. Must run before the app is ready.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }])
}

const SECURITY_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Cross-Origin-Opener-Policy': 'same-origin', 'Referrer-Policy': 'no-referrer' }

/** Serves the built renderer (out/renderer) with the CSP of the moment on every response. */
export function serveRenderer(rendererDir: string, csp: () => string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405 })
    const file = resolveRendererFile(rendererDir, request.url)
    if (!file) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } })
    try {
      const body = await readFile(file)
      return new Response(request.method === 'HEAD' ? null : body, {
        status: 200,
        headers: { 'Content-Type': contentTypeOf(file), 'Content-Security-Policy': csp(), 'Cache-Control': 'no-cache', ...SECURITY_HEADERS },
      })
    } catch {
      return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } })
    }
  })
}

/** Development: the dev server's pages get the same CSP, injected as a response header. */
export function injectDevCsp(devServerOrigin: string, csp: () => string): void {
  session.defaultSession.webRequest.onHeadersReceived({ urls: [`${devServerOrigin}/*`] }, (details, callback) => {
    const headers = Object.fromEntries(Object.entries(details.responseHeaders ?? {}).filter(([k]) => k.toLowerCase() !== 'content-security-policy'))
    callback({ responseHeaders: { ...headers, 'Content-Security-Policy': [csp()] } })
  })
}
