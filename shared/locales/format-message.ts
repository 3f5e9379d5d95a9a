/**
 * Messages worded outside the window (tray, desktop alerts, crash dialog) in the syntax the renderer's
 * vue-i18n reads, so one JSON file serves both: `{name}` placeholders, `{'{'}` quoted literals and
 * plural forms split by `|`, chosen by vue-i18n's default rule (two forms: 1 → first, else second;
 * three: 0, 1, more). The core and the shell do not load vue-i18n for a dozen strings; a unit test
 * checks that this renders every such message exactly as vue-i18n does.
 */
export type MessageParams = Readonly<Record<string, string | number>>

type Part = { text: string } | { param: string }

/** The message's plural forms, each a list of literal text and placeholders. */
function parse(message: string): Part[][] {
  const forms: Part[][] = [[]]
  const re = /\{'([^']*)'\}|\{\s*(\w+)\s*\}|\s*\|\s*|[{}@]/g
  let at = 0
  const text = (t: string) => t && forms.at(-1)!.push({ text: t })
  for (const m of message.matchAll(re)) {
    text(message.slice(at, m.index))
    at = m.index + m[0].length
    if (m[1] !== undefined) text(m[1])
    else if (m[2] !== undefined) forms.at(-1)!.push({ param: m[2] })
    else if (m[0].trim() === '|') forms.push([])
    else throw new Error(`Unsupported message syntax "${m[0]}" in: ${message}`)
  }
  text(message.slice(at))
  return forms
}

/** vue-i18n's default plural rule (no count: as vue-i18n picks without one). */
function formIndex(count: number | undefined, forms: number): number {
  const n = Math.abs(count ?? -1)
  if (forms === 2) return n ? (n > 1 ? 1 : 0) : 1
  return n ? Math.min(n, 2) : 0
}

/** The message in words: placeholders filled from params (`n` and `count` default to the count). */
export function formatMessage(message: string, params: MessageParams = {}, count?: number): string {
  const forms = parse(message)
  const named: MessageParams = count === undefined ? params : { n: count, count, ...params }
  const form = forms.length > 1 ? forms[Math.min(formIndex(count, forms.length), forms.length - 1)]! : forms[0]!
  return form
    .map((p) => {
      if ('text' in p) return p.text
      // A missing value shows as the placeholder: a wrong word in the tray, never a shell that throws.
      const value = named[p.param]
      return value === undefined ? `{${p.param}}` : String(value)
    })
    .join('')
}
