/**
 * This computer, as a URL's hostname gives it. Plain HTTP is accepted only to these hosts (the
 * embedded demo service, a sandbox, a dev server): everything else must be HTTPS (spec 5.10).
 */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** HTTPS, or HTTP to this computer. */
export function isHttpsOrLoopback(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
}
