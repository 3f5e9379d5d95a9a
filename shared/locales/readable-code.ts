/**
 * A code the service sends for a value the app has no words for yet (a status, billing frequency
 * or unit a later release adds: spec 9.2), as words a rep can read: "ON_HOLD" → "On hold",
 * "per_seat" → "Per seat". Better than the bare code, though in the service's language, not the
 * rep's: the words we know are translated (status.json, catalogue.words …) and this is their fallback.
 */
export function readableCode(code: string): string {
  const words = code.trim().replace(/[_\s]+/g, ' ')
  // A code in mixed case ("per_GB", "eSIM") was written with care: its case is kept.
  if (/[a-z]/.test(words) && /[A-Z]/.test(words)) return words
  const lowered = words.toLowerCase()
  return lowered.charAt(0).toUpperCase() + lowered.slice(1)
}
