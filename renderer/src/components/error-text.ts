import type { ApiError } from '../services/api'

type Translate = (key: string, named?: Record<string, unknown>) => string

/** An ApiError → the user's words: a sentence per error code, plus the core's detail and any wait. */
export function errorText(t: Translate, err: ApiError): { summary: string; detail: string; retry: string } {
  return {
    summary: t(`frame.errors.code.${err.code}`),
    detail: err.message ? t('frame.errors.detail', { message: err.message }) : '',
    retry: err.retryAfterSeconds !== undefined ? t('frame.errors.retryAfter', { seconds: err.retryAfterSeconds }) : '',
  }
}
