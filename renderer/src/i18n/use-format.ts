import { computed, getCurrentScope, onScopeDispose, ref } from 'vue'
import { useI18n } from 'vue-i18n'
import type { CurrentUser } from '../../../shared/api'
import { useConnectionStore } from '../stores/connection'
import { formatDate, formatDateTime, formatMoney, formatNumber, formatRelative, formatTime, type FormatContext } from './format'
import { moneyCurrency } from './currency'
import { bcp47, languageOf } from './languages'

/**
 * The user's locale when it is in the UI's language ('en_GB' user, English UI → en-GB), otherwise
 * the UI language itself, so numbers and dates read like the words around them.
 */
export function formatContextFor(
  uiLanguage: string,
  user: Pick<CurrentUser, 'locale' | 'currency' | 'timezone'> | null,
  priceCurrencies: readonly string[] = [],
): FormatContext {
  const userLocale = bcp47(user?.locale)
  // Until the service has named a currency (whoami, else its prices), money is a plain number (never a guessed code).
  const money = moneyCurrency(user?.currency, priceCurrencies)
  return {
    locale: userLocale && languageOf(userLocale) === languageOf(uiLanguage) ? userLocale : uiLanguage,
    currency: money.code,
    ...(money.label ? { currencyLabel: money.label } : {}),
    timeZone: user?.timezone || Intl.DateTimeFormat().resolvedOptions().timeZone,
  }
}

/**
 * Formatting for views: `const f = useFormat()` then `f.money(order.total)`, `f.dateTime(order.date)`,
 * `f.relative(order.date)` (re-rendered every 30 s through `f.now`).
 *
 * `relative` is for moments that have passed (a check, a sync, a save), as of the render: `now` only
 * makes it render again. Measured from `now` itself, a check made since its last tick read "in 25
 * seconds"; a stamp a moment ahead of this clock (another process's) reads "now", not the future.
 */
export function useFormat() {
  const { locale } = useI18n()
  const connection = useConnectionStore()
  const context = computed(() => formatContextFor(locale.value, connection.user, connection.priceCurrencies))
  const now = ref(Date.now())
  if (getCurrentScope()) {
    const timer = setInterval(() => (now.value = Date.now()), 30_000)
    onScopeDispose(() => clearInterval(timer))
  }
  return {
    context,
    now,
    money: (amount: number | null | undefined, currency?: string | null) => formatMoney(context.value, amount, currency),
    number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(context.value, value, options),
    date: (value: string | Date | null | undefined) => formatDate(context.value, value),
    time: (value: string | Date | null | undefined) => formatTime(context.value, value),
    dateTime: (value: string | Date | null | undefined) => formatDateTime(context.value, value),
    relative: (value: string | Date | null | undefined) => formatRelative(context.value, value, Math.max(now.value, Date.now()), { past: true }),
  }
}
