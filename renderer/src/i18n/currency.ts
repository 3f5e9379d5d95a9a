import type { CurrencyRef } from '../../../shared/api'

/**
 * Which currency money is shown in. The service names the user's currency by an ISO 4217 code (the
 * spec) or by a currency id (the public sample); prices carry codes of their own
 * (rate_plan_charge_costs[].currency). Money gets a currency symbol only from a real code; otherwise
 * it is a plain number with the service's own label, if it gave one. Never a code of our invention.
 */
export interface MoneyCurrency {
  /** ISO 4217 code, when one is known. */
  code: string | null
  /** What the service called the currency when that is not a code (shown after a plain number). */
  label: string | null
}

const ISO_4217 = /^[A-Za-z]{3}$/

/** The ISO code in a value the service sent, or null ('gbp' → 'GBP'; 1, 'Pound', '' → null). */
export function isoCurrencyCode(value: unknown): string | null {
  return typeof value === 'string' && ISO_4217.test(value.trim()) ? value.trim().toUpperCase() : null
}

/**
 * A currency id, however the service wrote it: 2 or "2" (the public sample calls it an ID without
 * giving its JSON type); null for a code or a word.
 */
function currencyId(value: CurrencyRef | undefined): number | null {
  if (typeof value === 'number') return value
  return typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : null
}

/** From whoami's currency, else from the prices' currencies when they name exactly one. */
export function moneyCurrency(userCurrency: CurrencyRef | undefined, priceCurrencies: readonly string[] = []): MoneyCurrency {
  const own = isoCurrencyCode(userCurrency)
  if (own) return { code: own, label: null }
  const fromPrices = new Set(priceCurrencies.map(isoCurrencyCode).filter((c): c is string => c !== null))
  const label = typeof userCurrency === 'string' && userCurrency.trim() && currencyId(userCurrency) === null ? userCurrency.trim() : null
  return fromPrices.size === 1 ? { code: [...fromPrices][0]!, label: null } : { code: null, label }
}

/** The user's currency as the service named it, for a settings line: 'GBP', 'Pound sterling', '#2', or ''. */
export function currencyName(userCurrency: CurrencyRef | undefined): string {
  const id = currencyId(userCurrency)
  if (id !== null) return `#${id}`
  return userCurrency == null ? '' : String(userCurrency)
}

/**
 * The user's currency for a sentence in `locale`: its name there, then its code ("libra esterlina
 * (GBP)"); an id or the service's word as currencyName shows it.
 */
export function currencyDisplayName(locale: string, userCurrency: CurrencyRef | undefined): string {
  const code = isoCurrencyCode(userCurrency)
  const name = code ? new Intl.DisplayNames([locale], { type: 'currency', fallback: 'none' }).of(code) : undefined
  return code && name && name !== code ? `${name} (${code})` : currencyName(userCurrency)
}

/**
 * The currency a price names, for formatMoney: a code or the service's word as it is; an id (how
 * the public sample names currencies) is the user's own money when whoami names the same id
 * (undefined: the format context's currency), another one reads '#2', as currencyName shows it.
 */
export function priceCurrency(value: CurrencyRef | undefined, userCurrency: CurrencyRef | undefined): string | undefined {
  const id = currencyId(value)
  if (id !== null) return id === currencyId(userCurrency) ? undefined : currencyName(id)
  return typeof value === 'string' ? value : undefined
}

/** The codes among the currencies prices name (ids and words name no code). */
export function priceCodes(values: readonly (CurrencyRef | undefined)[]): string[] {
  return values.filter((v): v is string => typeof v === 'string')
}

