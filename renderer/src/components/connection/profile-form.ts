/**
 * The connection form's field checks, for feedback as you type. The IPC contract
 * (shared/ipc/channels/connection.ts ProfileInput) stays the authority: whatever it refuses comes
 * back as `fields` and is mapped onto the same messages by `fieldErrorsFromService`.
 */
import { normaliseBaseUrl, normaliseWebInterface, type NormalisedBaseUrl } from '../../../../shared/service-url'

export type ProfileField = 'name' | 'baseUrl' | 'clientId' | 'clientSecret' | 'webUrl'
export interface ProfileFormValues {
  name: string
  baseUrl: string
  clientId: string
  clientSecret: string
  /** Optional: empty means the base URL's origin. */
  webUrl?: string
}
/** Field → i18n key of its message. */
export type FieldErrors = Partial<Record<ProfileField, string>>

export const PROFILE_FIELDS: readonly ProfileField[] = ['name', 'baseUrl', 'clientId', 'clientSecret', 'webUrl']
// RFC 9562 (version 1–8, variant 10xx), exactly what the contract's z.uuid() accepts.
const UUID = /^([0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/i
const NAME_MAX = 100
const SECRET_MAX = 1000

/** The same normalisation the contract applies (shared/service-url), so the form shows the URL that will be kept. */
function urlError(n: NormalisedBaseUrl): string | undefined {
  if (n.ok) return undefined
  return n.problem === 'https' ? 'connection.form.httpsRequired' : 'connection.form.invalidUrl'
}

export function validateProfileForm(v: ProfileFormValues, isNew: boolean): FieldErrors {
  const errors: FieldErrors = {}
  if (!v.name.trim()) errors.name = 'connection.form.required'
  else if (v.name.trim().length > NAME_MAX) errors.name = 'connection.form.tooLong'
  if (!v.baseUrl.trim()) errors.baseUrl = 'connection.form.required'
  else {
    const e = urlError(normaliseBaseUrl(v.baseUrl))
    if (e) errors.baseUrl = e
  }
  if (v.webUrl?.trim()) {
    const e = urlError(normaliseWebInterface(v.webUrl))
    if (e) errors.webUrl = e
  }
  if (!v.clientId.trim()) errors.clientId = 'connection.form.required'
  else if (!UUID.test(v.clientId.trim())) errors.clientId = 'connection.form.invalidUuid'
  if (isNew && !v.clientSecret) errors.clientSecret = 'connection.form.required'
  else if (v.clientSecret.length > SECRET_MAX) errors.clientSecret = 'connection.form.tooLong'
  return errors
}

/** The contract's or the service's `fields` (English, per field path) → the form's own messages. */
export function fieldErrorsFromService(fields: Record<string, string>, v: ProfileFormValues, isNew: boolean): FieldErrors {
  const local = validateProfileForm(v, isNew)
  const errors: FieldErrors = {}
  for (const key of Object.keys(fields)) {
    const field = PROFILE_FIELDS.find((f) => key === f || key.startsWith(`${f}.`))
    if (!field) continue
    if ((field === 'baseUrl' || field === 'webUrl') && /https/i.test(fields[key] ?? '')) errors[field] = 'connection.form.httpsRequired'
    else errors[field] = local[field] ?? 'connection.form.invalidField'
  }
  return errors
}
