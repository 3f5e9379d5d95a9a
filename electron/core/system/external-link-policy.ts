/**
 * Which web addresses the app hands to the system browser (shell.openExternal): only the active
 * profile's web interface (where orders are cancelled), the carrier tracking pages of tracking
 * numbers the service itself returned in shipments, and the document links (datasheet, guide,
 * quick start) the service returned for products of the local catalogue, exactly. Anything else, even a well-formed https URL, is
 * refused: a link the renderer was tricked into opening (a crafted product text, a compromised
 * page) must not reach an arbitrary site. Pure: the shell and the core both decide with it.
 */
export interface ExternalLinkScope {
  /** The active profile's web interface address (origin and any path), or null with no profile. */
  webInterface: string | null
  /** Hosts of tracking pages derived from shipments the service returned (shared/tracking-url). */
  trackingHosts: ReadonlySet<string>
  /** Exact https document URLs of local-catalogue products the rep has opened (optional: none). */
  productDocuments?: ReadonlySet<string>
}

const MAX_LENGTH = 2048
// The URL parser drops tabs and newlines and trims spaces: a URL carrying them is refused outright.
const CONTROL_OR_SPACE = /[\s\p{Cc}]/u

export function mayOpenExternally(url: unknown, scope: ExternalLinkScope): url is string {
  if (typeof url !== 'string' || url.length === 0 || url.length > MAX_LENGTH || CONTROL_OR_SPACE.test(url)) return false
  if (!URL.canParse(url)) return false
  const u = new URL(url)
  if (u.username || u.password || !u.hostname) return false
  if (u.protocol === 'https:' && scope.trackingHosts.has(u.host)) return true
  // Exact string match: not the host, not a prefix; a look-alike of a document link is refused.
  if (u.protocol === 'https:' && scope.productDocuments?.has(url)) return true
  return withinWebInterface(u, scope.webInterface)
}

/** Same scheme, host and port as the web interface, under its path (a loopback demo's may be http). */
function withinWebInterface(u: URL, webInterface: string | null): boolean {
  if (!webInterface || !URL.canParse(webInterface)) return false
  const web = new URL(webInterface)
  if (u.protocol !== 'https:' || web.protocol !== 'https:' || u.host !== web.host) return false
  const base = web.pathname.replace(/\/+$/, '')
  return u.pathname === base || u.pathname.startsWith(`${base}/`) || base === ''
}
