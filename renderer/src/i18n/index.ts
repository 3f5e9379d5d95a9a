import { createI18n } from 'vue-i18n'
import type admin from '../../../shared/locales/en/admin.json'
import type baskets from '../../../shared/locales/en/baskets.json'
import type catalogue from '../../../shared/locales/en/catalogue.json'
import type connection from '../../../shared/locales/en/connection.json'
import type frame from '../../../shared/locales/en/frame.json'
import type orders from '../../../shared/locales/en/orders.json'
import type settings from '../../../shared/locales/en/settings.json'
import type status from '../../../shared/locales/en/status.json'
import { FALLBACK_LANGUAGE, type Language, type MessageTree } from './languages'

/**
 * The window's messages: shared/locales/<language>/<namespace>.json, each file a chunk of its own,
 * loaded when its language is shown (at start, or when the rep switches) — never the other five.
 * `t('orders.title')` reads orders.json → title. The tray's, the desktop alerts' and the crash
 * dialog's namespaces are worded by the shell and the core, never here. Administration's stay out
 * until an administrator needs them, like its views.
 */
const windowFiles = import.meta.glob<MessageTree>(['../../../shared/locales/*/*.json', '!../../../shared/locales/*/{admin,alerts,crash,tray}.json'], {
  import: 'default',
})
const adminFiles = import.meta.glob<MessageTree>('../../../shared/locales/*/admin.json', { import: 'default' })

type MessageSchema = {
  frame: typeof frame
  connection: typeof connection
  settings: typeof settings
  catalogue: typeof catalogue
  baskets: typeof baskets
  orders: typeof orders
  status: typeof status
  admin: typeof admin
}

type Files = Record<string, () => Promise<MessageTree>>
const loading = new Map<string, Promise<Record<string, MessageTree>>>()

/** One language's namespaces of a set of files, by namespace (loaded once, whatever the instances). */
function namespacesOf(files: Files, set: string, language: Language): Promise<Record<string, MessageTree>> {
  const key = `${set}/${language}`
  let promise = loading.get(key)
  if (!promise) {
    const mine = Object.entries(files).filter(([path]) => path.split('/').at(-2) === language)
    promise = Promise.all(mine.map(async ([path, load]) => [path.split('/').at(-1)!.replace(/\.json$/, ''), await load()] as const)).then(Object.fromEntries)
    // A failed load (a chunk gone missing) is tried again next time rather than remembered.
    promise.catch(() => loading.delete(key))
    loading.set(key, promise)
  }
  return promise
}

/** Whether administration's messages are wanted: then every language loaded gets them too. */
let adminWanted = false

function messagesOf(language: Language): Promise<Record<string, MessageTree>> {
  return Promise.all([namespacesOf(windowFiles, 'window', language), adminWanted ? namespacesOf(adminFiles, 'admin', language) : {}]).then(([window, admin]) => ({ ...window, ...admin }))
}

/** An i18n instance (Composition API mode) showing `language`, with the messages given (by language, then namespace). */
export function i18nWith(language: Language, messages: Partial<Record<Language, Record<string, MessageTree>>>) {
  const i18n = createI18n<[MessageSchema], Language, false>({
    legacy: false,
    locale: language,
    fallbackLocale: FALLBACK_LANGUAGE,
    messages: messages as unknown as Record<Language, MessageSchema>,
    // Every key exists in every language (unit-tested); a miss is a bug, not a fallback case.
    missingWarn: import.meta.env.DEV,
    fallbackWarn: false,
  })
  instances.add(i18n.global)
  return i18n
}

export type AppI18n = ReturnType<typeof i18nWith>
type AppComposer = AppI18n['global']

/** Every instance created so far (the app's; tests create their own), to add administration's messages to. */
const instances = new Set<AppComposer>()

/** The app's i18n instance, with the messages of its language loaded (and only those). */
export async function createAppI18n(language: Language = FALLBACK_LANGUAGE): Promise<AppI18n> {
  return i18nWith(language, { [language]: await messagesOf(language) })
}

async function loadInto(composer: AppComposer, language: Language): Promise<void> {
  if (composer.availableLocales.includes(language) && (!adminWanted || 'admin' in composer.getLocaleMessage(language))) return
  composer.mergeLocaleMessage(language, (await messagesOf(language)) as never)
}

/** The last language asked of each instance: a slow load never overrides a later choice. */
const asked = new WeakMap<AppComposer, Language>()

/** Shows the language once its messages are loaded (at once when they are already). */
export async function switchLanguage(composer: AppComposer, language: Language): Promise<void> {
  asked.set(composer, language)
  await loadInto(composer, language)
  if (asked.get(composer) === language) composer.locale.value = language
}

/** Loads administration's messages into every i18n instance, for each language it has (once per language). */
export function loadAdminMessages(): Promise<void> {
  adminWanted = true
  return Promise.all([...instances].flatMap((composer) => composer.availableLocales.map((l) => loadInto(composer, l as Language)))).then(() => undefined)
}
