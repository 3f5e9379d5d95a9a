import type { z } from 'zod'
import type { FieldCode, FieldMessageKey } from './draft-view'

/** A zod issue → a generic key: what is wrong, not which field (the field says that). */
export function zodFieldCode(issue: z.core.$ZodIssue, input: unknown): FieldCode {
  const bound = (n: number | bigint) => Number(n)
  switch (issue.code) {
    case 'invalid_type':
      return { key: valueAt(input, issue.path) == null ? 'required' : 'invalid' }
    case 'too_small':
      if (issue.origin === 'string' || issue.origin === 'array') {
        if (Number(issue.minimum) <= 1) return { key: 'required' }
        return issue.origin === 'string' ? { key: 'tooShort', params: { min: bound(issue.minimum) } } : { key: 'invalid' }
      }
      return { key: issue.inclusive === false ? 'moreThan' : 'atLeast', params: { min: bound(issue.minimum) } }
    case 'too_big':
      if (issue.origin === 'string') return { key: 'tooLong', params: { max: bound(issue.maximum) } }
      if (issue.origin === 'array') return { key: 'tooMany', params: { max: bound(issue.maximum) } }
      return { key: issue.inclusive === false ? 'lessThan' : 'atMost', params: { max: bound(issue.maximum) } }
    case 'invalid_format': {
      // An empty field is missing, not badly written: "Required", as for any other empty field.
      const value = valueAt(input, issue.path)
      if (typeof value === 'string' && value.trim() === '') return { key: 'required' }
      return { key: issue.format === 'email' ? 'invalidEmail' : 'invalid' }
    }
    case 'custom': {
      // A schema's own rule names its kind in params.fieldKey (shared/api/order.ts).
      const key = (issue.params as { fieldKey?: FieldMessageKey } | undefined)?.fieldKey
      return { key: key ?? 'invalid' }
    }
    default:
      return { key: 'invalid' }
  }
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let node = input
  for (const part of path) node = node !== null && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[part] : undefined
  return node
}
