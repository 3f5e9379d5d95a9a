import { describe, expect, it } from 'vitest'
import { createI18n } from 'vue-i18n'
import { DESKTOP_MESSAGES } from './desktop-messages'
import { formatMessage } from './format-message'
import { LANGUAGES } from './languages'

type Tree = { [key: string]: string | Tree }
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)))

describe('messages worded outside the window', () => {
  it('read exactly as the window’s vue-i18n reads them, in every language, for every count', () => {
    const i18n = createI18n<[Record<string, unknown>], string, false>({ legacy: false, locale: 'en', messages: DESKTOP_MESSAGES as never, missingWarn: false, fallbackWarn: false })
    const t = i18n.global.t as (key: string, named: Record<string, unknown>, plural?: number) => string
    const differ: string[] = []
    for (const language of LANGUAGES) {
      i18n.global.locale.value = language
      for (const [key, message] of leaves(DESKTOP_MESSAGES[language] as unknown as Tree)) {
        const params = Object.fromEntries([...message.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, `<${m[1]}>`]))
        for (const n of message.includes('|') ? [0, 1, 2, 7] : [undefined]) {
          const ours = formatMessage(message, params, n)
          const theirs = n === undefined ? t(key, params) : t(key, params, n)
          if (ours !== theirs) differ.push(`${language} ${key} (${n}): "${ours}" ≠ "${theirs}"`)
        }
      }
    }
    expect(differ).toEqual([])
  })

  it('fills placeholders, picks plural forms and keeps quoted literals', () => {
    expect(formatMessage('Order {order}: {status}', { order: 'SO-7', status: 'Shipped' })).toBe('Order SO-7: Shipped')
    expect([0, 1, 2].map((n) => formatMessage('{n} basket | {n} baskets', {}, n))).toEqual(['0 baskets', '1 basket', '2 baskets'])
    expect([0, 1, 5].map((n) => formatMessage('none | one | {count} many', {}, n))).toEqual(['none', 'one', '5 many'])
    expect(formatMessage("a {'{'}b{'}'} {'|'} c")).toBe('a {b} | c')
    expect(formatMessage('Hello {name}')).toBe('Hello {name}')
  })
})
