import { createI18n } from 'vue-i18n'
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from './languages'
import admin from './messages/admin'
import baskets from './messages/baskets'
import catalogue from './messages/catalogue'
import connection from './messages/connection'
import frame from './messages/frame'
import orders from './messages/orders'
import settings from './messages/settings'

/**
 * Every domain's message file, keyed by the namespace its keys live under: `t('orders.title')`
 * reads `orders.ts` → `en.title`. A new domain adds its file here and nowhere else.
 */
export const messageFiles = { frame, connection, settings, catalogue, baskets, orders, admin }

type Files = typeof messageFiles
type MessageSchema = { [D in keyof Files]: Files[D]['en'] }

function messagesFor(language: Language): MessageSchema {
  const merged: Record<string, unknown> = {}
  for (const [domain, file] of Object.entries(messageFiles)) merged[domain] = file[language]
  return merged as MessageSchema
}

const messages = Object.fromEntries(LANGUAGES.map((l) => [l, messagesFor(l)])) as Record<Language, MessageSchema>

/** The app's i18n instance (Composition API mode); tests create their own. */
export function createAppI18n(language: Language = FALLBACK_LANGUAGE) {
  return createI18n<[MessageSchema], Language, false>({
    legacy: false,
    locale: language,
    fallbackLocale: FALLBACK_LANGUAGE,
    messages,
    // Every key exists in every language (unit-tested); a miss is a bug, not a fallback case.
    missingWarn: import.meta.env.DEV,
    fallbackWarn: false,
  })
}
