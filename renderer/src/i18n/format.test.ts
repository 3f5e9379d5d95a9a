import { describe, expect, it } from 'vitest'
import { currencyDisplayName, currencyName, moneyCurrency, priceCodes, priceCurrency } from './currency'
import { formatDate, formatDateTime, formatMoney, formatRelative, formatTime, formatTimeZone, type FormatContext } from './format'
import { formatContextFor } from './use-format'

const berlin: FormatContext = { locale: 'de-DE', currency: 'EUR', timeZone: 'Europe/Berlin' }
const london: FormatContext = { locale: 'en-GB', currency: 'GBP', timeZone: 'Europe/London' }
// Intl puts a narrow no-break space before € in de-DE; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ')

describe('formatting in the user’s locale, currency and time zone', () => {
  it('formats money with the currency and the locale’s separators', () => {
    expect(plain(formatMoney(berlin, 1234.5))).toBe('1.234,50 €')
    expect(formatMoney(london, 1234.5)).toBe('£1,234.50')
    expect(formatMoney(london, 10, 'USD')).toBe('US$10.00')
  })
  it('still shows the amount and the code for a currency Intl does not know', () => {
    expect(formatMoney(london, 5, 'not-a-currency')).toBe('5.00 not-a-currency')
  })
  it('shows nothing for a missing amount rather than NaN', () => {
    expect(formatMoney(london, undefined)).toBe('')
    expect(formatMoney(london, Number.NaN)).toBe('')
  })
  it('converts a service time (UTC) into the user’s zone', () => {
    expect(formatTime(berlin, '2024-07-01T12:00:00')).toBe('14:00') // CEST, UTC+2
    expect(formatTime(berlin, '2024-01-15T12:00:00')).toBe('13:00') // CET, UTC+1
    expect(formatDateTime(london, '2024-07-01T23:30:00')).toBe('2 Jul 2024, 00:30')
  })
  it('shows a bare date as that calendar date in every zone', () => {
    const kiritimati = { ...london, timeZone: 'Pacific/Kiritimati' } // UTC+14
    const honolulu = { ...london, timeZone: 'Pacific/Honolulu' } // UTC−10
    expect(formatDate(kiritimati, '2024-05-01')).toBe('1 May 2024')
    expect(formatDate(honolulu, '2024-05-01')).toBe('1 May 2024')
  })
  it('falls back to the machine’s zone when the account’s zone is unknown, and shows unreadable values as sent', () => {
    expect(formatDate({ ...london, timeZone: 'Mars/Olympus_Mons' }, '2024-05-01T12:00:00')).toBe('1 May 2024')
    expect(formatDateTime(london, 'soon')).toBe('soon')
  })
  it('says how long ago, in the user’s language', () => {
    const now = Date.parse('2024-05-01T12:00:00Z')
    expect(formatRelative(london, '2024-05-01T11:57:00', now)).toBe('3 minutes ago')
    expect(formatRelative(berlin, '2024-05-01T11:57:00', now)).toBe('vor 3 Minuten')
    expect(formatRelative(london, '2024-05-01T11:59:58', now)).toBe('now')
    expect(formatRelative(london, '2024-04-29T12:00:00', now)).toBe('2 days ago')
    expect(formatRelative(london, '2024-05-01T14:00:00', now)).toBe('in 2 hours')
  })
  it('says "now", never a time to come, of a moment that has passed but is stamped after a clock a little behind', () => {
    const now = Date.parse('2024-05-01T12:00:00Z')
    expect(formatRelative(london, '2024-05-01T12:00:25', now, { past: true })).toBe('now')
    expect(formatRelative(london, '2024-05-01T11:57:00', now, { past: true })).toBe('3 minutes ago')
  })
})

describe('format context', () => {
  const user = { locale: 'en_GB', currency: 'GBP', timezone: 'Europe/London' }
  it('uses the account’s locale when it is in the UI language', () => {
    expect(formatContextFor('en', user)).toEqual({ locale: 'en-GB', currency: 'GBP', timeZone: 'Europe/London' })
  })
  it('uses the UI language when the user chose another one, keeping the account’s currency and zone', () => {
    expect(formatContextFor('de', user)).toEqual({ locale: 'de', currency: 'GBP', timeZone: 'Europe/London' })
  })
})

describe('the currency money is shown in (issue 14: whoami currency is a code or an id)', () => {
  const user = (currency: string | number | null) => ({ locale: 'en_GB', currency, timezone: 'Europe/London' })
  it('formats with the ISO code whoami gives', () => {
    expect(formatMoney(formatContextFor('en', user('gbp')), 12.5)).toBe('£12.50')
  })
  it('shows a plain number for a currency id, never a made-up code', () => {
    const ctx = formatContextFor('en', user(2))
    expect(ctx.currency).toBeNull()
    expect(formatMoney(ctx, 1234.5)).toBe('1,234.50')
  })
  it('shows a plain number with the service’s own label for a currency name', () => {
    expect(formatMoney(formatContextFor('en', user('Pound sterling')), 3)).toBe('3.00 Pound sterling')
  })
  it('shows a plain number before the service has named any currency', () => {
    expect(formatMoney(formatContextFor('de', null), 3)).toBe('3,00')
  })
  it('takes the code from the prices when whoami has none and the prices name exactly one', () => {
    expect(moneyCurrency(7, ['EUR', 'eur'])).toEqual({ code: 'EUR', label: null })
    expect(moneyCurrency(7, ['EUR', 'GBP'])).toEqual({ code: null, label: null })
    expect(moneyCurrency('GBP', ['EUR'])).toEqual({ code: 'GBP', label: null })
  })
  it('shows money in the prices’ currency when whoami names none', () => {
    expect(plain(formatMoney(formatContextFor('en', user(7), ['EUR']), 3))).toBe('€3.00')
    expect(formatMoney(formatContextFor('en', user(7), ['EUR', 'GBP']), 3)).toBe('3.00')
    expect(formatMoney(formatContextFor('en', user('Pound sterling'), ['GBP']), 3)).toBe('£3.00')
  })
  it('shows a price whose currency is an id as the user\u2019s money when whoami names the same id, another id as #id', () => {
    const ctx = formatContextFor('en', user(2), priceCodes([2, 3]))
    expect(formatMoney(ctx, 9.36, priceCurrency(2, 2))).toBe('9.36')
    expect(formatMoney(ctx, 10.16, priceCurrency(3, 2))).toBe('10.16 #3')
    const gbp = formatContextFor('en', user('GBP'), priceCodes(['GBP', 1]))
    expect(formatMoney(gbp, 8, priceCurrency('EUR', 'GBP'))).toContain('€')
    expect(formatMoney(gbp, 8, priceCurrency(1, 'GBP'))).toBe('8.00 #1')
  })
  it('reads a currency id written as text ("2") as that id, in whoami and in prices alike', () => {
    const ctx = formatContextFor('en', user('2'), priceCodes([2, '3']))
    expect(formatMoney(ctx, 1234.5)).toBe('1,234.50')
    expect(formatMoney(ctx, 9.36, priceCurrency(2, '2'))).toBe('9.36')
    expect(formatMoney(ctx, 9.36, priceCurrency('2', 2))).toBe('9.36')
    expect(formatMoney(ctx, 10.16, priceCurrency('3', '2'))).toBe('10.16 #3')
    expect(currencyName('2')).toBe('#2')
  })
})

describe('the account’s currency and time zone named in a sentence', () => {
  it('names them in the language, then by the account’s code or zone id', () => {
    expect(currencyDisplayName('it', 'GBP')).toBe('sterlina britannica (GBP)')
    expect(formatTimeZone('nl', 'Europe/Paris')).toBe('Midden-Europese tijd (Europe/Paris)')
  })
  it('keeps what it cannot name as the service sent it', () => {
    expect(currencyDisplayName('es', 2)).toBe('#2')
    expect(currencyDisplayName('es', 'Pound')).toBe('Pound')
    expect(formatTimeZone('es', 'Mars/Olympus')).toBe('Mars/Olympus')
  })
})
