import { describe, expect, it } from 'vitest'
import { IpcErrorCode } from '../../../shared/ipc/contract-kit'
import { createAppI18n, loadAdminMessages } from './index'
import { messageFiles } from './message-files'
import { LANGUAGES, type MessageTree } from './languages'

/** Every leaf key of a message tree, as "a.b.c". */
function keysOf(tree: MessageTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`)))
}
function leaf(tree: MessageTree, key: string): string | undefined {
  let node: string | MessageTree | undefined = tree
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined
  return typeof node === 'string' ? node : undefined
}
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort()

describe('message files', () => {
  for (const [domain, file] of Object.entries(messageFiles)) {
    const en = keysOf(file.en).sort()
    for (const language of LANGUAGES) {
      it(`${domain}: ${language} has exactly the keys of en, none empty, with the same placeholders`, () => {
        const tree = (file as Record<string, MessageTree>)[language]
        expect(tree, `${domain}.ts has no ${language}`).toBeDefined()
        expect(keysOf(tree!).sort()).toEqual(en)
        for (const key of en) {
          const text = leaf(tree!, key)!
          expect(text.trim(), `${domain}.${key} (${language}) is empty`).not.toBe('')
          expect(placeholders(text), `${domain}.${key} (${language}) placeholders`).toEqual(placeholders(leaf(file.en, key)!))
        }
      })
    }
  }

  it('every message compiles and renders in every language (no stray @, |, { or })', async () => {
    const i18n = createAppI18n('en')
    await loadAdminMessages()
    const errors: string[] = []
    for (const language of LANGUAGES) {
      i18n.global.locale.value = language
      for (const [domain, file] of Object.entries(messageFiles)) {
        for (const key of keysOf(file.en)) {
          const args = Object.fromEntries(placeholders(leaf(file.en, key)!).map((p) => [p, `<${p}>`]))
          const id = `${domain}.${key}`
          try {
            // Plural messages ("One order | {n} orders") are rendered for several counts; together they use every placeholder.
            const plural = leaf(file.en, key)!.includes('|')
            const outs = plural ? [0, 1, 2, 7].map((n) => i18n.global.t(id, args, n)) : [i18n.global.t(id, args)]
            const all = outs.join(' ')
            if (outs.includes(id) || Object.values(args).some((a) => !all.includes(a))) errors.push(`${language} ${id}: ${all}`)
          } catch (err) {
            errors.push(`${language} ${id}: ${(err as Error).message}`)
          }
        }
      }
    }
    expect(errors).toEqual([])
  })

  it('has a sentence for every IPC error code', () => {
    for (const code of IpcErrorCode.options) expect(leaf(messageFiles.frame.en, `errors.code.${code}`), code).toBeTruthy()
  })
})
