import { FieldError, OAuthError, Problem } from '../../../shared/api'

interface ParsedProblem {
  message: string
  fields?: Record<string, string>
}

/**
 * Reads an error body of any shape the service may use (spec section 7 leaves it open): RFC 9457
 * problem+json (our sandbox), RFC 6749 token errors, `{message}`, `{error: "…"}`,
 * `{error: {message}}`, or `{errors: …}` as a field map, a list of messages or a list of
 * `{message, field}`. The service's own words are shown wherever it wrote some.
 */
export function parseProblem(body: unknown, status: number): ParsedProblem {
  const problem = Problem.safeParse(body)
  if (problem.success) {
    const fields = problem.data.errors?.length ? toFields(problem.data.errors) : undefined
    return { message: problem.data.detail ?? problem.data.title, ...(fields ? { fields } : {}) }
  }
  const oauth = OAuthError.safeParse(body)
  if (oauth.success) return { message: oauthMessage(oauth.data.error, oauth.data.error_description) }
  const words = serviceWords(body)
  if (words) return { message: words.message ?? `The service refused the request (${status}).`, ...(words.fields ? { fields: words.fields } : {}) }
  return { message: `The service answered ${status}.` }
}

/** What an error object says: its message (its own, its `error` object's, or its `errors` list's) and the fields named. */
function serviceWords(body: unknown): Partial<ParsedProblem> | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null
  const b = body as Record<string, unknown>
  const nested = serviceWords(b.error)
  const fields = fieldMap(b.errors) ?? nested?.fields
  const listed = listedMessages(b.errors)
  const message = [b.message, b.detail, b.title, b.error].find(isWords) ?? nested?.message ?? (listed.length ? joined(listed) : undefined)
  if (!message && !fields) return null
  return { ...(message ? { message } : {}), ...(fields ? { fields } : {}) }
}

const isWords = (v: unknown): v is string => typeof v === 'string' && v.trim() !== ''

/** The messages of an `errors` list: its strings, and the `message` of its objects. */
function listedMessages(errors: unknown): string[] {
  if (!Array.isArray(errors)) return []
  return errors.flatMap((e) => (isWords(e) ? [e.trim()] : e && typeof e === 'object' && isWords((e as { message?: unknown }).message) ? [(e as { message: string }).message.trim()] : []))
}

/** Several messages as one: sentences side by side, else separated by semicolons. */
const joined = (messages: string[]): string => messages.join(messages.every((m) => /[.!?]$/.test(m)) ? ' ' : '; ')

function toFields(errors: FieldError[]): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const e of errors) fields[e.field] ??= e.message
  return fields
}

function fieldMap(errors: unknown): Record<string, string> | undefined {
  if (Array.isArray(errors)) {
    const list = errors.filter((e) => FieldError.safeParse(e).success) as FieldError[]
    return list.length ? toFields(list) : undefined
  }
  if (errors && typeof errors === 'object') {
    const fields: Record<string, string> = {}
    for (const [k, v] of Object.entries(errors)) fields[k] = Array.isArray(v) ? String(v[0]) : String(v)
    return Object.keys(fields).length ? fields : undefined
  }
  return undefined
}

function oauthMessage(error: OAuthError['error'], description?: string): string {
  switch (error) {
    case 'invalid_client':
      return 'The client id or secret was not accepted (invalid_client). Check them, or create a new API client in the web interface: a lost secret cannot be retrieved.'
    case 'unsupported_grant_type':
      return 'The service does not accept this grant type.'
    default:
      return `The token request was refused (${error}${description ? `: ${description}` : ''}).`
  }
}
