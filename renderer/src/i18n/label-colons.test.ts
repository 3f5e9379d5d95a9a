import { describe, expect, it } from 'vitest'

/**
 * A colon after a label is the language's to write (French puts a no-break space before it): the
 * sources write `t('frame.labelled', { label })`, never a message followed by a literal ":".
 */
const sources = import.meta.glob(['../**/*.vue', '../**/*.ts', '!../**/*.test.ts'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>

// "{{ … }}:" in a template; "${t(…)}:" or "${k(…)}:" in a template literal.
const COLON_AFTER_TEXT = [/\}\}\s?:/g, /\$\{\s*[tk]\([^}]*\)\s*\}:/g]

describe('colons after labels', () => {
  it('are never written by the sources after a message', () => {
    const found: string[] = []
    for (const [file, text] of Object.entries(sources)) {
      for (const site of COLON_AFTER_TEXT) for (const m of text.matchAll(site)) found.push(`${file.replace('../', 'renderer/src/')}: ${text.slice(Math.max(0, m.index - 50), m.index + m[0].length)}`)
    }
    expect(found).toEqual([])
  })
})
