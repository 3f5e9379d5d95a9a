import { randomBytes } from 'node:crypto'

/** Letters and digits that cannot be misread (no l, o, 0, 1). */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'

/** A new submission marker (see shared/basket-marker.ts for how names carry it). */
export function newMarker(): string {
  const bytes = randomBytes(10)
  let s = ''
  for (const b of bytes) s += ALPHABET[b % ALPHABET.length]
  return s
}
