import { createI18n } from 'vue-i18n'
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from './languages'
import type admin from './messages/admin'
import baskets from './messages/baskets'
import catalogue from './messages/catalogue'
import connection from './messages/connection'
import frame from './messages/frame'
import orders from './messages/orders'
import settings from './messages/settings'

/**
 * Every domain's message file loaded with the app, keyed by the namespace its keys live under:
 * `t('orders.title')` reads `orders.ts` → `en.title`. A new domain adds its file here (or, if a rep
 * rarely opens it, as a lazily loaded one like admin below) and in message-files.ts.
 */
const startupFiles = { frame, connection, settings, catalogue, baskets, orders }

type Files = typeof startupFiles & { admin: typeof admin }
type MessageSchema = { [D in keyof Files]: Files[D]['en'] }

/**
 * Administration's messages stay out of the initial bundle, with its views: they are loaded when
 * an administrator signs in (for the navigation entry) or an administration route is opened.
 */
let adminFile: typeof admin | null = null
let adminLoading: Promise<void> | null = null
/** How to add the admin messages to each instance created so far. */
const instances = new Set<(language: Language, admin: unknown) => void>()

function messagesFor(language: Language): MessageSchema {
  const merged: Record<string, unknown> = {}
  for (const [domain, file] of Object.entries(startupFiles)) merged[domain] = file[language]
  if (adminFile) merged.admin = adminFile[language]
  return merged as MessageSchema
}

/** The app's i18n instance (Composition API mode); tests create their own. */
export function createAppI18n(language: Language = FALLBACK_LANGUAGE) {
  const i18n = createI18n<[MessageSchema], Language, false>({
    legacy: false,
    locale: language,
    fallbackLocale: FALLBACK_LANGUAGE,
    messages: Object.fromEntries(LANGUAGES.map((l) => [l, messagesFor(l)])) as Record<Language, MessageSchema>,
    // Every key exists in every language (unit-tested); a miss is a bug, not a fallback case.
    missingWarn: import.meta.env.DEV,
    fallbackWarn: false,
  })
  instances.add((l, admin) => i18n.global.mergeLocaleMessage(l, { admin } as never))
  return i18n
}

/** Loads administration's messages into every i18n instance (once; later instances get them at creation). */
export function loadAdminMessages(): Promise<void> {
  adminLoading ??= import('./messages/admin').then((m) => {
    adminFile = m.default
    for (const merge of instances) for (const l of LANGUAGES) merge(l, m.default[l])
  })
  return adminLoading
}
