import type { useFormat } from '../../i18n/use-format'

/** Seconds left → "45 sec" / "3 min" / "1.5 hr" in the user's locale (Intl unit formatting). */
export function formatDuration(f: ReturnType<typeof useFormat>, seconds: number): string {
  if (seconds < 90) return f.number(Math.max(1, Math.round(seconds)), { style: 'unit', unit: 'second', unitDisplay: 'short' })
  if (seconds < 90 * 60) return f.number(Math.round(seconds / 60), { style: 'unit', unit: 'minute', unitDisplay: 'short' })
  return f.number(Math.round(seconds / 360) / 10, { style: 'unit', unit: 'hour', unitDisplay: 'short' })
}
