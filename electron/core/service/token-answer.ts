/**
 * What the token endpoint's answer says about the address itself, before it is read as a token.
 * "Test connection" tells a rep which of these it is, because each has another remedy: a network
 * sign-in page or proxy (sign in to the network), another server (fix the address), or credentials
 * the service refused (fix the client id or secret, or create a new API client).
 */
export type TokenAnswerProblem = 'web_page' | 'not_service' | 'bad_credentials'

interface TokenAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
}

export function tokenAnswerProblem(res: TokenAnswer): TokenAnswerProblem | null {
  const type = String(res.headers['content-type'] ?? '').toLowerCase()
  const body = res.text.trimStart()
  // A captive portal or a proxy answers with a page, or a redirect to its sign-in page.
  if (type.includes('text/html') || /^<(!doctype|html|head|body|\?xml)/i.test(body)) return 'web_page'
  if (res.status >= 300 && res.status < 400) return 'web_page'
  const json = parse(body)
  // RFC 6749 5.2: the service answers bad client credentials as invalid_client (usually 401, some servers 400).
  if (json && typeof json === 'object' && (json as { error?: unknown }).error === 'invalid_client') return 'bad_credentials'
  if (res.status === 404 || res.status === 405) return 'not_service'
  // A success that is not JSON cannot be the token endpoint.
  if (res.status < 300 && json === undefined) return 'not_service'
  return null
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
