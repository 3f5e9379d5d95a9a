import type { ErrorReason } from '../../../shared/model/error-reason'
import type { ApiError } from '../services/api'

type Translate = (key: string, named?: Record<string, unknown>) => string

/** A refusal's stable reason (drafts, lines, templates) in the user's words: what it names is in the message. */
export function reasonText(t: Translate, reason: ErrorReason): string {
  const { code, ...named } = reason
  return t(`baskets.reasons.${code}`, named)
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
