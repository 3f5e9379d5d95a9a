import { describe, expect, it } from 'vitest'
import { IpcErrorCode } from '../../../shared/ipc/contract-kit'
import sameAsEnglish from '../../../shared/locales/same-as-english.json'
import { ALL_MESSAGES, createTestI18n } from '../../../tests/support/renderer/every-language'
import { LANGUAGES, type MessageTree } from './languages'

/** Every leaf key of a message tree, as "a.b.c". */
function keysOf(tree: MessageTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`)))
}
function leaf(tree: MessageTree | undefined, key: string): string | undefined {
  let node: string | MessageTree | undefined = tree
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined
  return typeof node === 'string' ? node : undefined
}
/** The names of a message's placeholders (each once: a plural form may use one more often in one language). */
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort()
const namespaces = Object.keys(ALL_MESSAGES.en).sort()
/** The narrow no-break space French sets before : ; ! ? and inside « » (the ordinary one is too wide there, and mixing them shows). */
const NARROW_NO_BREAK = '\u202f'

describe('translations (shared/locales)', () => {
  it('has a folder per language, each with the same namespace files', () => {
    // Every language folder there is, found by the bundler's glob (no Node in renderer code, tests included).
    const folders = [...new Set(Object.keys(import.meta.glob('../../../shared/locales/*/*.json')).map((path) => path.split('/').at(-2)!))]
    expect(folders.sort()).toEqual([...LANGUAGES].sort())
    expect(namespaces).toEqual(expect.arrayContaining(['alerts', 'baskets', 'catalogue', 'connection', 'frame', 'orders', 'settings', 'status', 'tray']))
    for (const language of LANGUAGES) expect(Object.keys(ALL_MESSAGES[language]).sort(), language).toEqual(namespaces)
  })

  for (const namespace of namespaces) {
    const en = keysOf(ALL_MESSAGES.en[namespace]!).sort()
    for (const language of LANGUAGES) {
      it(`${namespace}: ${language} has exactly the keys of en, none empty, with the same placeholders`, () => {
        const tree = ALL_MESSAGES[language][namespace]!
        expect(keysOf(tree).sort()).toEqual(en)
        for (const key of en) {
          const text = leaf(tree, key)!
          expect(text.trim(), `${namespace}.${key} (${language}) is empty`).not.toBe('')
          expect(placeholders(text), `${namespace}.${key} (${language}) placeholders`).toEqual(placeholders(leaf(ALL_MESSAGES.en[namespace], key)!))
        }
      })
    }
  }

  it('is translated: no message is a copy of its English one, bar the words a language shares with English', () => {
    const accepted = sameAsEnglish as unknown as Record<string, string[]>
    const copies: string[] = []
    const stale: string[] = []
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const same = new Set(accepted[language] ?? [])
      for (const namespace of namespaces) {
        for (const key of keysOf(ALL_MESSAGES.en[namespace]!)) {
          const id = `${namespace}.${key}`
          const english = leaf(ALL_MESSAGES.en[namespace], key)!
          const text = leaf(ALL_MESSAGES[language][namespace], key)
          // A link (@:status.SHIPPED) or a message of placeholders and punctuation only has nothing to translate.
          const wordless = text?.startsWith('@:') || !/\p{L}/u.test((text ?? '').replace(/\{[^}]*\}/g, ''))
          if (text === english && !wordless && !same.has(id)) copies.push(`${language} ${id}: ${text}`)
          if (text !== english && same.has(id)) stale.push(`${language} ${id}`)
        }
      }
      for (const id of same) if (leaf(ALL_MESSAGES.en[id.split('.')[0]!], id.split('.').slice(1).join('.')) === undefined) stale.push(`${language} ${id} (no such message)`)
    }
    expect(copies, 'untranslated (or, if the word is the same, add it to shared/locales/same-as-english.json)').toEqual([])
    expect(stale, 'listed in same-as-english.json but translated or gone').toEqual([])
  })

  it('writes French punctuation as French does: a narrow no-break space before : ; ! ? and inside « », so no line starts with the mark', () => {
    const loose: string[] = []
    for (const namespace of namespaces) {
      for (const key of keysOf(ALL_MESSAGES.fr[namespace]!)) {
        const text = leaf(ALL_MESSAGES.fr[namespace], key)!
        // A mark that ends a clause (a space, the end or a placeholder after it), not https:// or orders:write.
        const marks = [...text.matchAll(/(.)[:;!?](?=\s|$|\{|\))/gu)].filter((m) => m[1] !== NARROW_NO_BREAK)
        const quotes = [...text.matchAll(/«[^\u202f]|[^\u202f]»/gu)]
        if (marks.length || quotes.length) loose.push(`${namespace}.${key}: ${text}`)
      }
    }
    expect(loose).toEqual([])
  })

  it('writes an apostrophe the one way, typographic (’), in every language: not "d\'abord" beside "aujourd’hui"', () => {
    const straight: string[] = []
    for (const language of LANGUAGES) {
      for (const namespace of namespaces) {
        for (const key of keysOf(ALL_MESSAGES[language][namespace]!)) {
          const text = leaf(ALL_MESSAGES[language][namespace], key)!
          if (/\p{L}'\p{L}/u.test(text)) straight.push(`${language} ${namespace}.${key}: ${text}`)
        }
      }
    }
    expect(straight).toEqual([])
  })

  // 'Paste "SKU, quantity" lines' showed typewriter quotes in English and Dutch, beside “x” and ‘x’ elsewhere.
  it('quotes with the language’s own quotation marks, never typewriter double quotes', () => {
    const straight: string[] = []
    for (const language of LANGUAGES) {
      for (const namespace of namespaces) {
        for (const key of keysOf(ALL_MESSAGES[language][namespace]!)) {
          const text = leaf(ALL_MESSAGES[language][namespace], key)!
          if (text.includes('"')) straight.push(`${language} ${namespace}.${key}: ${text}`)
        }
      }
    }
    expect(straight).toEqual([])
  })

  /**
   * A product's code has one name per language, the catalogue's column's: "Referencia" in the
   * catalogue and "SKU" in the basket read as two things. The order views may shorten it ("Ref.").
   */
  it('names a product’s code by one word per language, the catalogue’s', () => {
    const found: string[] = []
    const letters = (word: string) => word.toLowerCase().replace(/[^\p{L}]/gu, '')
    const shortens = (short: string, word: string) => {
      let at = 0
      for (const c of letters(short)) if ((at = letters(word).indexOf(c, at) + 1) === 0) return false
      return letters(word).startsWith(letters(short).slice(0, 3))
    }
    for (const language of LANGUAGES) {
      const word = leaf(ALL_MESSAGES[language].catalogue, 'columns.sku')!
      if (leaf(ALL_MESSAGES[language].baskets, 'lines.sku') !== word) found.push(`${language} baskets.lines.sku`)
      for (const key of ['documents.sku', 'lines.sku', 'shipments.sku']) {
        const short = leaf(ALL_MESSAGES[language].orders, key)!.replace('{sku}', '').trim()
        if (!shortens(short, word)) found.push(`${language} orders.${key}: ${short} for ${word}`)
      }
      if (word === 'SKU') continue
      for (const namespace of namespaces) {
        for (const key of keysOf(ALL_MESSAGES[language][namespace]!)) {
          const text = leaf(ALL_MESSAGES[language][namespace], key)!
          if (/\bSKU/.test(text.replace(/\{\w+\}/g, ''))) found.push(`${language} ${namespace}.${key}: ${text}`)
        }
      }
    }
    expect(found).toEqual([])
  })

  // The queue's page is "Postvak uit", "Bandeja de salida", …: the English "outbox" elsewhere names a thing the rep cannot find.
  it('names the outbox by its page’s title, not in English', () => {
    const found: string[] = []
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      for (const namespace of namespaces) {
        for (const key of keysOf(ALL_MESSAGES[language][namespace]!)) {
          const text = leaf(ALL_MESSAGES[language][namespace], key)!
          if (/\boutbox\b/iu.test(text)) found.push(`${language} ${namespace}.${key}: ${text}`)
        }
      }
    }
    expect(found).toEqual([])
  })

  /**
   * The saved-template notice sends the rep to the quick reorder page by its title: another name
   * there is a page they cannot find. French had "Recommande rapide", which is no French noun.
   */
  it('names the quick reorder page by its title where a message sends the rep there, in natural French', () => {
    const found: string[] = []
    for (const language of LANGUAGES) {
      const title = leaf(ALL_MESSAGES[language].catalogue, 'quick.title')!
      if (leaf(ALL_MESSAGES[language].catalogue, 'quick.link') !== title) found.push(`${language} catalogue.quick.link`)
      if (!leaf(ALL_MESSAGES[language].baskets, 'template.open')!.includes(title)) found.push(`${language} baskets.template.open`)
    }
    for (const namespace of namespaces) {
      for (const key of keysOf(ALL_MESSAGES.fr[namespace]!)) {
        const text = leaf(ALL_MESSAGES.fr[namespace], key)!
        if (/\brecommande\b/iu.test(text)) found.push(`fr ${namespace}.${key}: ${text}`)
      }
    }
    expect(found).toEqual([])
  })

  // Dutch calls a basket "winkelmandje" in the navigation, the baskets and alerts: the catalogue's "winkelmand" read as another thing.
  it('calls a basket one thing in Dutch', () => {
    const found: string[] = []
    for (const namespace of namespaces) {
      for (const key of keysOf(ALL_MESSAGES.nl[namespace]!)) {
        const text = leaf(ALL_MESSAGES.nl[namespace], key)!
        if (/\bwinkelmand(en)?\b/iu.test(text)) found.push(`nl ${namespace}.${key}: ${text}`)
      }
    }
    expect(found).toEqual([])
  })

  // Dutch said "bestellingen" in the navigation, the page's title and its count, but "62 orders op deze computer",
  // "Mijn openstaande orders" and "wanneer u Orders weer opent" (a page the Dutch navigation does not have).
  it('calls an order one thing in Dutch', () => {
    const found: string[] = []
    for (const namespace of namespaces) {
      for (const key of keysOf(ALL_MESSAGES.nl[namespace]!)) {
        const text = leaf(ALL_MESSAGES.nl[namespace], key)!
        // An address and a permission's name are spelt as the service spells them; placeholders are no words.
        const words = text.replace(/https?:\/\/\S+/g, '').replace(/\borders:\w+/g, '').replace(/\{\w+\}/g, '')
        if (/\borders?\b/iu.test(words)) found.push(`nl ${namespace}.${key}: ${text}`)
      }
    }
    expect(found).toEqual([])
  })

  /**
   * Each language speaks to the rep in one register: Italian says "tu" ("il tuo account"), Spanish
   * and Dutch the polite "usted" / "u". One "vostro" or "tú" among them reads as written by someone else.
   */
  it('speaks to the rep in one register per language', () => {
    const other: [(typeof LANGUAGES)[number], RegExp][] = Object.entries({
      // Also the Lei form's imperatives ("Risolva…, poi invii"); "invii" alone is also the noun ("3 invii in coda").
      it: /\b(vostr[oaie]|voi|Lei|Suo|Sua|Suoi|Sue|Risolva|Scelga|[Dd]igiti)\b|(^|[.;:] |poi )[Ii]nvii\b/u,
      es: /(^|[^\p{L}])(tú|tu|tus|puedes|estás|tienes|elige|escribe|pulsa)(?![\p{L}])/iu,
      nl: /\b(je|jij|jouw|jou)\b/iu,
    }) as [(typeof LANGUAGES)[number], RegExp][]
    const found: string[] = []
    for (const [language, pattern] of other) {
      for (const namespace of namespaces) {
        for (const key of keysOf(ALL_MESSAGES[language][namespace]!)) {
          const text = leaf(ALL_MESSAGES[language][namespace], key)!
          if (pattern.test(text)) found.push(`${language} ${namespace}.${key}: ${text}`)
        }
      }
    }
    expect(found).toEqual([])
  })

  it('every message compiles and renders in every language (no stray @, |, { or })', () => {
    const i18n = createTestI18n('en')
    const errors: string[] = []
    for (const language of LANGUAGES) {
      i18n.global.locale.value = language
      for (const namespace of namespaces) {
        for (const key of keysOf(ALL_MESSAGES.en[namespace]!)) {
          const english = leaf(ALL_MESSAGES.en[namespace], key)!
          const args = Object.fromEntries(placeholders(english).map((p) => [p, `<${p}>`]))
          const id = `${namespace}.${key}`
          try {
            // Plural messages ("One order | {n} orders") are rendered for several counts; together they use every placeholder.
            const plural = english.includes('|')
            const outs = plural ? [0, 1, 2, 7].map((n) => i18n.global.t(id, args, n)) : [i18n.global.t(id, args)]
            const all = outs.join(' ')
            if (outs.includes(id) || /[{}]|@:/.test(all.replace(/<\w+>/g, '')) || Object.values(args).some((a) => !all.includes(a))) errors.push(`${language} ${id}: ${all}`)
          } catch (err) {
            errors.push(`${language} ${id}: ${(err as Error).message}`)
          }
        }
      }
    }
    expect(errors).toEqual([])
  })

  it('names a status the same in the order views as in alerts and the tray', () => {
    const i18n = createTestI18n('fr')
    expect(i18n.global.t('orders.status.PART_SHIPPED')).toBe(ALL_MESSAGES.fr.status!.PART_SHIPPED)
    expect(i18n.global.t('orders.status.PART_SHIPPED')).toBe('Partiellement expédiée')
  })

  it('has a sentence for every IPC error code', () => {
    for (const code of IpcErrorCode.options) expect(leaf(ALL_MESSAGES.en.frame, `errors.code.${code}`), code).toBeTruthy()
  })
})
