import { z } from 'zod'

/** Money has two decimals throughout (the service's prices, totals and the app's estimates). */
export function round2(n: number): number {
  return Math.round((n + Number.EPSILON) * 100) / 100
}

/**
 * The number a text spells when it is an unambiguous decimal ("12.50", "-3", "1.5E+2": JSON's
 * number grammar), else null: "12,50", "1,250.00", "£12.50" or "" could mean more than one amount.
 * Services built on decimal types send money so (Django REST framework does by default), though
 * the spec types it as a number (SERVICE_ASSUMPTIONS.decimalText). Self-contained: the catalogue
 * sync's worker runs its source (sync-worker-source.ts).
 */
export function numberSpelled(text: unknown): number | null {
  if (typeof text !== 'string' || !/^\s*-?\d+(\.\d+)?([eE][+-]?\d+)?\s*$/.test(text)) return null
  const n = Number(text)
  return Number.isFinite(n) ? n : null
}

/**
 * A currency as the service names it: an ISO 4217 code in the spec (2.2), "the user's currency ID"
 * in the public sample (service-conventions.md), so a code, another string or an integer id; null
 * when unknown. The spec gives no type for a price's currency (2.7 rate_plan_charge_costs), so it is
 * read the same way. Only shown (trimmed there): see renderer/src/i18n/currency.ts for how money is formatted from it.
 */
export const CurrencyRef = z.union([z.string(), z.int()]).nullable()
export type CurrencyRef = z.infer<typeof CurrencyRef>
