/**
 * Date-times as the service writes them: ISO 8601 WITHOUT a zone ("2024-05-01T14:30:00", spec
 * section 2). They are read as UTC, the only reading that does not depend on the machine the app
 * runs on (SERVICE_ASSUMPTIONS.dateTimes); values that do carry a zone ("…Z", "…+02:00") are taken
 * as they are. One reading for what the app shows and what it exports.
 */
/** A bare date (a shipment's): a calendar date, never shifted by a zone. */
export const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/
const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/

/** A service date-time → the instant it names (zone-less = UTC), or null if it is not one. */
export function parseServiceDateTime(value: string | Date | null | undefined): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value
  if (!value) return null
  const s = value.trim()
  let iso: string
  if (DATE_ONLY.test(s)) iso = `${s}T00:00:00Z`
  else if (LOCAL_DATE_TIME.test(s)) iso = `${s.replace(' ', 'T')}Z`
  else if (HAS_ZONE.test(s)) iso = s
  else return null
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? null : d
}
