import type { DraftError } from '../../../shared/model/draft'
import type { ErrorReason } from '../../../shared/model/error-reason'
import type { ApiError } from '../services/api'

type Translate = (key: string, named?: Record<string, unknown>) => string

/** A refusal's stable reason (drafts, lines, templates) in the user's words: what it names is in the message. */
export function reasonText(t: Translate, reason: ErrorReason): string {
  const { code, ...named } = reason
  return t(`baskets.reasons.${code}`, named)
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

/**
 * An ApiError → the user's words: its reason's sentence when the core gave one, else a sentence
 * per error code; plus the core's detail and any wait.
 */
export function errorText(t: Translate, err: ApiError): { summary: string; detail: string; retry: string } {
  return {
    summary: err.reason ? reasonText(t, err.reason) : t(`frame.errors.code.${err.code}`),
    detail: err.message ? t('frame.errors.detail', { message: err.message }) : '',
    retry: err.retryAfterSeconds !== undefined ? t('frame.errors.retryAfter', { seconds: err.retryAfterSeconds }) : '',
  }
}
