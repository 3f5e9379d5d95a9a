/**
 * The allow-list in front of `shell.openExternal`: a link the app hands to the OS must be an https
 * URL with a host and without credentials. Everything else (javascript:, file:, http:, custom
 * protocol handlers, smb: shares …) could run or open something on the user's machine.
 */
const MAX_LENGTH = 2048
// The URL parser silently drops tabs and newlines and trims spaces; a URL carrying them is refused
// outright rather than "cleaned" into something other than what the page showed.
const CONTROL_OR_SPACE = /[\s\p{Cc}]/u

export function isSafeExternalUrl(url: unknown): url is string {
  if (typeof url !== 'string' || url.length === 0 || url.length > MAX_LENGTH) return false
  if (CONTROL_OR_SPACE.test(url)) return false
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return false
  }
  if (u.protocol !== 'https:') return false
  if (!u.hostname || u.username || u.password) return false
  return true
}

/** Opens the URL with `open` only when the allow-list accepts it; answers whether it did. */
export async function openExternalSafely(url: unknown, open: (url: string) => Promise<void>): Promise<boolean> {
  if (!isSafeExternalUrl(url)) return false
  try {
    await open(new URL(url).href)
    return true
  } catch {
    return false
  }
}
