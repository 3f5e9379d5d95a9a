import type { DraftView } from '../../../../shared/ipc/channels/baskets'

type Translate = (key: string, named?: Record<string, unknown>) => string

/**
 * A draft's field errors in the user's language, by field path: a message the app wrote itself by
 * its key (`fieldCodes`), its numbers formatted with `number`, any other (a refusal of the service) as it came.
 */
export function fieldErrorTexts(t: Translate, view: Pick<DraftView, 'fields' | 'fieldCodes'>, number: (n: number) => string = String): Record<string, string> {
  const texts: Record<string, string> = {}
  for (const [path, message] of Object.entries(view.fields)) {
    const code = view.fieldCodes[path]
    // Bounds as the user's language writes numbers: "At most 1,000,000", "Höchstens 1.000.000".
    const params = code?.params ? Object.fromEntries(Object.entries(code.params).map(([k, v]) => [k, typeof v === 'number' ? number(v) : v])) : {}
    texts[path] = code ? t(`baskets.fieldErrors.${code.key}`, params) : message
  }
  return texts
}

/** Whether two sets of field messages say the same: a view keeps the one it has, so nothing renders again. */
export function sameFieldTexts(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k])
}
