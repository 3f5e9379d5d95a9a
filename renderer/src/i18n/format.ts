/**
 * Money, dates, times and ages for display, in the current user's currency, locale and time zone.
 * Views use these through `useFormat()` (use-format.ts), which fills in the context.
 *
 * Date-times are read by parseServiceDateTime (shared/service-date-time.ts: zone-less = UTC) and
 * shown in the user's `timezone`, the service's own display zone. A bare date ("2024-05-01") is a
 * calendar date and is shown as that date everywhere, never shifted by a zone.
 */

import { DATE_ONLY, parseServiceDateTime } from '../../../shared/service-date-time'
import { isoCurrencyCode } from './currency'

export interface FormatContext {
  /** BCP 47, e.g. 'de-DE'. */
  locale: string
  /** ISO 4217, e.g. 'EUR'; null when the service named none (see currency.ts): money is then a plain number. */
  currency: string | null
  /** The service's own name for the currency when it is not a code, shown after a plain number. */
  currencyLabel?: string | null
  /** IANA zone, e.g. 'Europe/Berlin'. */
  timeZone: string
}

// Intl formatters are costly to build and lists format thousands of values: keep them.
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>()
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined
  if (!f) {
    f = make()
    if (cache.size > 200) cache.clear()
    cache.set(key, f)
  }
  return f
}

/** Zones already tried: every date of a list is formatted with the same one. */
const zoneChecks = new Map<string, boolean>()

/** The zone if Intl knows it, else undefined (the machine's zone) — a bad zone must not break a view. */
function validTimeZone(timeZone: string | null | undefined): string | undefined {
  if (!timeZone) return undefined
  let known = zoneChecks.get(timeZone)
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone })
      known = true
    } catch {
      known = false
    }
    zoneChecks.set(timeZone, known)
  }
  return known ? timeZone : undefined
}

/**
 * A time zone as people call it in `locale` ("hora de Europa central"), then its id, which is how
 * the account names it ("… (Europe/Paris)"); the id alone when Intl does not know the zone.
 */
export function formatTimeZone(locale: string, timeZone: string): string {
  const known = validTimeZone(timeZone)
  if (!known) return timeZone
  const name = new Intl.DateTimeFormat(locale, { timeZone: known, timeZoneName: 'longGeneric' }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName')?.value
  return name && name !== known ? `${name} (${known})` : known
}

export function formatMoney(ctx: FormatContext, amount: number | null | undefined, currency: string | null = ctx.currency): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return ''
  const code = isoCurrencyCode(currency)
  if (code) return cached(`money|${ctx.locale}|${code}`, () => new Intl.NumberFormat(ctx.locale, { style: 'currency', currency: code })).format(amount)
  // No code: a plain number, with the service's own label for the currency if it gave one.
  const plain = formatNumber(ctx, amount, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  const label = currency === ctx.currency ? ctx.currencyLabel : currency
  return label ? `${plain} ${label}` : plain
}

export function formatNumber(ctx: FormatContext, value: number, options: Intl.NumberFormatOptions = {}): string {
  return cached(`number|${ctx.locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(ctx.locale, options)).format(value)
}

function formatInstant(ctx: FormatContext, value: string | Date | null | undefined, options: Intl.DateTimeFormatOptions): string {
  const d = parseServiceDateTime(value)
  if (!d) return typeof value === 'string' ? value : '' // unreadable: show what the service sent
  const dateOnly = typeof value === 'string' && DATE_ONLY.test(value.trim())
  const timeZone = dateOnly ? 'UTC' : validTimeZone(ctx.timeZone)
  return cached(`dt|${ctx.locale}|${timeZone}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(ctx.locale, { ...options, timeZone })).format(d)
}

export const formatDate = (ctx: FormatContext, value: string | Date | null | undefined) => formatInstant(ctx, value, { dateStyle: 'medium' })
export const formatTime = (ctx: FormatContext, value: string | Date | null | undefined) => formatInstant(ctx, value, { timeStyle: 'short' })
export const formatDateTime = (ctx: FormatContext, value: string | Date | null | undefined) =>
  formatInstant(ctx, value, { dateStyle: 'medium', timeStyle: 'short' })

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
]

/**
 * "3 minutes ago", "in 2 days", "now" — relative to `now` (ms since the epoch). `past`: the moment
 * has passed, so one after `now` (a clock a little behind) is "now", never "in 25 seconds".
 */
export function formatRelative(ctx: FormatContext, value: string | Date | null | undefined, now: number, opts: { past?: boolean } = {}): string {
  const d = parseServiceDateTime(value)
  if (!d) return typeof value === 'string' ? value : ''
  const ahead = Math.round((d.getTime() - now) / 1000)
  const seconds = opts.past ? Math.min(0, ahead) : ahead
  const rtf = cached(`rel|${ctx.locale}`, () => new Intl.RelativeTimeFormat(ctx.locale, { numeric: 'auto' }))
  if (Math.abs(seconds) < 10) return rtf.format(0, 'second')
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.trunc(seconds / size), unit)
  }
  return rtf.format(seconds, 'second')
}
