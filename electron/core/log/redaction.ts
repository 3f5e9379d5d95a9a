/**
 * What must never reach a log file: values under secret-looking keys, bearer tokens, form-encoded
 * secrets, and any secret string the app registered (a client secret read from the keychain).
 */

const REDACTED = '[redacted]'

/** Keys whose values are secrets wherever they appear (any depth, any case, - or _ separated). */
const SECRET_KEY = /secret|token|password|passwd|authorization|api[-_]?key|cookie|credential/i

const BEARER = /\bBearer\s+[A-Za-z0-9\-._~+/]+=*/gi
/** `client_secret=…&` in form bodies and query strings. */
const FORM_SECRET = /\b(client_secret|access_token|refresh_token|password|token)=[^&\s"']+/gi
/** "client_secret": "…" inside JSON text that is logged as a string. */
const JSON_SECRET = /("(?:[^"\\]*(?:secret|token|password|authorization)[^"\\]*)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi
/** The same, in JSON text that was itself put in a JSON string (its quotes escaped: \"access_token\":\"…\"). */
const ESCAPED_JSON_SECRET = /(\\"[^"\\]*(?:secret|token|password|authorization)[^"\\]*\\"\s*:\s*)\\"(?:[^"\\]|\\\\|\\[^"\\])*\\"/gi

const MAX_DEPTH = 8
/** Registered secrets shorter than this would redact ordinary words; the key and pattern rules still apply. */
const MIN_SECRET_LENGTH = 6

export class Redactor {
  private readonly secrets = new Set<string>()

  /** Remembers a secret string so that it is blanked wherever it later appears. */
  add(secret: string): void {
    if (typeof secret === 'string' && secret.length >= MIN_SECRET_LENGTH) this.secrets.add(secret)
  }

  text(value: string): string {
    let out = value.replace(BEARER, `Bearer ${REDACTED}`).replace(FORM_SECRET, `$1=${REDACTED}`).replace(JSON_SECRET, `$1"${REDACTED}"`).replace(ESCAPED_JSON_SECRET, `$1\\"${REDACTED}\\"`)
    for (const s of this.secrets) if (out.includes(s)) out = out.split(s).join(REDACTED)
    return out
  }

  /** A JSON-safe, redacted copy: errors become {name, message, stack}, cycles and depth are cut. */
  value(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
    if (typeof value === 'string') return this.text(value)
    if (typeof value === 'bigint') return value.toString()
    if (typeof value === 'function' || typeof value === 'symbol') return undefined
    if (value === null || typeof value !== 'object') return value
    if (seen.has(value)) return '[circular]'
    if (depth >= MAX_DEPTH) return '[too deep]'
    seen.add(value)
    if (value instanceof Error) {
      const out: Record<string, unknown> = { name: value.name, message: this.text(value.message) }
      if (value.stack) out.stack = this.text(value.stack)
      for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? REDACTED : this.value(v, depth + 1, seen)
      if (value.cause !== undefined) out.cause = this.value(value.cause, depth + 1, seen)
      return out
    }
    if (value instanceof Date) return value.toISOString()
    if (Array.isArray(value)) return value.map((v) => this.value(v, depth + 1, seen))
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) && v !== null && v !== undefined && v !== false ? REDACTED : this.value(v, depth + 1, seen)
    return out
  }
}
