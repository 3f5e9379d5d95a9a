import { describe, expect, it } from 'vitest'
import { channels, events } from '../../../shared/ipc/contract'
import { ALL_MESSAGES } from '../../../tests/support/renderer/every-language'

/**
 * Every literal message key written in the renderer's sources (t('frame.nav.label'),
 * labelKey: 'catalogue.nav', title-key="orders.title" …) exists in English. Keys built at run time (`settings.theme.${x}`)
 * are not seen here; their parts are covered by the message-file tests.
 */
const sources = import.meta.glob(['../**/*.vue', '../**/*.ts', '!../**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>

// Where keys are written: t('…'), $t('…'), te('…'); any `…Key: '…'` property (labelKey, titleKey …);
// any `…-key="…"` prop in a template (title-key, body-key …).
const KEY_SITES = [/\$?\bt[ce]?\(\s*['"`]([\w.]+)['"`]/g, /\w*Key\s*:\s*['"`]([\w.]+)['"`]/g, /[\w-]+-key="([\w.]+)"/g]
const notMessages = new Set([...Object.keys(channels), ...Object.keys(events)])

/** The namespaces worded by the shell and the core: the window never loads them (see index.ts). */
const OUTSIDE_THE_WINDOW = new Set(['alerts', 'crash', 'tray'])

function exists(key: string): boolean {
  const [namespace, ...rest] = key.split('.')
  if (OUTSIDE_THE_WINDOW.has(namespace!)) return false
  let node: unknown = ALL_MESSAGES.en[namespace!]
  for (const part of rest) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined
  return typeof node === 'string'
}

describe('message keys used in the sources', () => {
  it('finds the sources', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(20)
  })

  it('all exist in the English messages (shared/locales/en)', () => {
    const missing: string[] = []
    for (const [file, text] of Object.entries(sources)) {
      for (const site of KEY_SITES) {
        for (const match of text.matchAll(site)) {
          const key = match[1]!
          if (!notMessages.has(key) && !exists(key)) missing.push(`${file.replace('../', 'renderer/src/')}: ${key}`)
        }
      }
    }
    expect(missing).toEqual([])
  })
})
