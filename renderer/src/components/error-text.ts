import type { DraftError } from '../../../shared/model/draft'
import { isKnownStatus } from '../../../shared/api'
import { reasonKey, type ErrorReason } from '../../../shared/model/error-reason'
import type { ServiceRefusal } from '../../../shared/model/service-refusal'
import type { ApiError } from '../services/api'

type Translate = (key: string, named?: Record<string, unknown>) => string

/**
 * A refusal's stable reason (drafts, lines, templates, orders) in the user's words: what it names is
 * in the message, an order's status by its name in the user's language (one the app does not know as
 * the service spells it).
 */
export function reasonText(t: Translate, reason: ErrorReason): string {
  const { code, ...named } = reason
  if ('status' in named) named.status = isKnownStatus(named.status) ? t(`orders.status.${named.status}`) : named.status
  return t(reasonKey(code), named)
}

/**
 * A refusal of the service in the user's words, by its kind: what happened and what to do. A
 * validation is said to be on the fields marked only when it named some (they carry its words).
 */
export function refusalText(t: Translate, refusal: ServiceRefusal, fields: Record<string, string> | undefined): string {
  if (refusal.kind === 'validation') return t(Object.keys(fields ?? {}).length ? 'frame.errors.refusal.validationFields' : 'frame.errors.refusal.validation')
  return t(`frame.errors.refusal.${refusal.kind}`)
}

/**
 * Why the service refused a basket the outbox sent, in the user's words, by its kind; a refusal
 * kept before its kind was (no `refusal`) says only that it was refused and what to do.
 */
export function draftRefusalText(t: Translate, error: DraftError): string {
  const kind = error.refusal?.kind
  if (kind === 'validation') return t(Object.keys(error.fields ?? {}).length ? 'baskets.refusals.validationFields' : 'baskets.refusals.validation')
  if (kind === 'forbidden' || kind === 'not_found' || kind === 'conflict') return t(`baskets.refusals.${kind}`)
  return t('baskets.refusals.other')
}

/** A failure of a draft said in the user's words, with the words it came with (folded away), quoted as the service's when they are. */
export interface DraftErrorWords {
  text: string
  details?: string
  byService?: boolean
}

/**
 * A draft that did not go, as the baskets list and the outbox say it: held back by the app for its
 * shipping type (the core's English folded away), or refused by the service (by its kind, the
 * service's words quoted).
 */
export function heldOrRefusedWords(t: Translate, error: DraftError): DraftErrorWords {
  if (error.code === 'shipping_type') return { text: t('baskets.editor.heldBack'), details: error.message }
  return { text: draftRefusalText(t, error), details: error.message, byService: true }
}

/**
 * Codes whose sentence sends the rep to the service's address or base URL. The built-in demo's
 * address is the app's own, never typed by the rep: for it they say what fits (restart the app).
 */
const DEMO_WORDS = new Set(['offline', 'bad_response'])

/**
 * An ApiError → the user's words: its reason's sentence when the core gave one, a refusal of the
 * service's by its kind, else a sentence per error code (`demo`: the built-in demo service's, where
 * the general one would send the rep to its address); plus any wait. The error's own words are
 * shown apart, folded away (TechnicalDetails).
 */
export function errorText(t: Translate, err: ApiError, context: { demo?: boolean } = {}): { summary: string; retry: string } {
  const byCode = context.demo && DEMO_WORDS.has(err.code) ? `frame.errors.demo.${err.code}` : `frame.errors.code.${err.code}`
  return {
    summary: err.reason ? reasonText(t, err.reason) : err.refusal ? refusalText(t, err.refusal, err.fields) : t(byCode),
    retry: err.retryAfterSeconds !== undefined ? t('frame.errors.retryAfter', { seconds: err.retryAfterSeconds }) : '',
  }
}

/**
 * An action that failed ('The export failed: <why>.'), as its result line says it: `key` takes the
 * reason's sentence (errorText's summary) as {reason}; the error's own words go under the fold,
 * quoted as the service's when they are its refusal.
 */
export function failedWords(t: Translate, key: string, err: ApiError): { text: string; details: string; byService: boolean } {
  return { text: t(key, { reason: errorText(t, err).summary }), details: err.message, byService: !!err.refusal }
}
