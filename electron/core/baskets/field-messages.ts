import type { z } from 'zod'
import type { FieldCode, FieldMessageKey } from '../../../shared/model/draft-view'
import { zodFieldCode } from '../../../shared/model/field-code'

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
      this.fieldCodes[path] = zodFieldCode(issue, input)
    }
  }
}
