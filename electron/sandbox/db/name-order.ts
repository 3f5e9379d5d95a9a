import type { DatabaseSync } from 'node:sqlite'

/** Letters that carry no combining mark to strip but that the Unicode root collation files with a base letter. */
const FOLDED: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd' }

/**
 * Names are listed the way people alphabetise them, not by code point: accents and case are set
 * aside ("Élodie" between "Elias" and "Emma", not after "Zoe"; equal keys fall back to the id), as
 * a collator with sensitivity 'base' would. SQLite's NOCASE folds ASCII only and node:sqlite cannot
 * register a collation, so the order is a key function: `ORDER BY name_key(name)`.
 */
export function nameKey(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[øæœßłđ]/g, (c) => FOLDED[c]!)
}

export function registerNameOrder(db: DatabaseSync): void {
  db.function('name_key', { deterministic: true }, (v) => (typeof v === 'string' ? nameKey(v) : v))
}
