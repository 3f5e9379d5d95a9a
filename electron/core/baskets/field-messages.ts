import type { z } from 'zod'
import type { FieldCode, FieldMessageKey } from '../../../shared/model/draft-view'

type Params = Record<string, string | number>

/**
 * The field messages the draft's own checks write: each by its key (the renderer translates it),
 * with its English text. One table, so a message and its key cannot drift apart.
 */
const OWN = {
  nameTooLong: (p: { max: number }) => `At most ${p.max} characters (the rest of the service's 255 carries the app's submission marker)`,
  addLine: () => 'Add at least one line',
  neededToShip: () => 'Required: the basket has goods to ship',
  enterQuantity: () => 'Enter a quantity',
  ambiguousSku: () => 'Several products of this service have this SKU: choose the right one',
  notInCatalogue: () => 'Not in the catalogue of this service: choose its product',
  chooseRatePlan: () => 'Choose a rate plan',
  atLeastForPlan: (p: { min: number; plan: string }) => `At least ${p.min} for the ${p.plan} plan`,
  atMostForPlan: (p: { max: number; plan: string }) => `At most ${p.max} for the ${p.plan} plan`,
  noRatePlans: () => 'This product has no rate plans',
  notProvisioning: () => 'Not one of this product\'s provisioning products',
  partnerRequired: () => 'Required for a partner-platform provisioning product',
  notMaintenance: () => 'Not one of this product\'s maintenance products',
  chooseOrganisation: () => 'Choose the organisation this basket is for',
  shippingTypeNotForCountry: (p: { type: string; country: string }) => `${p.type} does not deliver to ${p.country}: choose another shipping type`,
} satisfies Partial<Record<FieldMessageKey, (p: never) => string>>
type OwnKey = keyof typeof OWN

/**
 * A draft's problems by field path: `fields` the English message, `fieldCodes` what it says. The
 * first problem found on a path is the one kept.
 */
export class FieldProblems {
  readonly fields: Record<string, string> = {}
  readonly fieldCodes: Record<string, FieldCode> = {}

  /** One of the draft's own messages. */
  add<K extends OwnKey>(path: string, key: K, ...params: Parameters<(typeof OWN)[K]>): void {
    if (path in this.fields) return
    const p = params[0] as Params | undefined
    this.fields[path] = (OWN[key] as (p?: Params) => string)(p)
    this.fieldCodes[path] = p ? { key, params: p } : { key }
  }

  /** A schema's refusal of `input`: zod's English message, and its generic kind; paths under `prefix` (the whole input's at it). */
  addZod(error: z.ZodError, input: unknown, prefix = ''): void {
    for (const issue of error.issues) {
      const rel = issue.path.map(String).join('.')
      const path = prefix ? (rel ? `${prefix}.${rel}` : prefix) : rel || '_'
      if (path in this.fields) continue
      this.fields[path] = issue.message
      this.fieldCodes[path] = zodCode(issue, input)
    }
  }
}

/** A zod issue → a generic key: what is wrong, not which field (the field says that). */
function zodCode(issue: z.core.$ZodIssue, input: unknown): FieldCode {
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
    case 'invalid_format':
      return { key: issue.format === 'email' ? 'invalidEmail' : 'invalid' }
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
