import type { Language } from '../../../../shared/api'

/**
 * How user fields read: a language by its name (in the UI's language, then in its own), an
 * inactivity timeout as a duration. Both come from Intl, so they follow the UI language with no
 * word list to keep.
 */
export function languageName(code: Language, uiLocale: string): string {
  try {
    const inUi = new Intl.DisplayNames([uiLocale], { type: 'language' }).of(code) ?? code
    const own = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code
    return inUi.toLowerCase() === own.toLowerCase() ? inUi : `${inUi} (${own})`
  } catch {
    return code
  }
}

/** 86400 → "24 hours", 1800 → "30 minutes". */
export function durationLabel(seconds: number, uiLocale: string): string {
  const hours = seconds / 3600
  const [value, unit] = Number.isInteger(hours) ? [hours, 'hour'] : [seconds / 60, 'minute']
  return new Intl.NumberFormat(uiLocale, { style: 'unit', unit, unitDisplay: 'long' }).format(value)
}

/** The IANA zones this runtime knows, for the time zone picker (with the current one kept). */
export function timeZones(current?: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC', 'Europe/London']
  return current && !all.includes(current) ? [current, ...all] : all
}
