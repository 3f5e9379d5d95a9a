import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ProfileInput } from '../../../../shared/ipc/channels/connection'
import { fieldsOf } from '../../../../shared/ipc/contract-kit'
import { fieldErrorsFromService, PROFILE_FIELDS, validateProfileForm, type ProfileFormValues } from './profile-form'

const valid: ProfileFormValues = {
  name: 'Head office',
  baseUrl: 'https://orders.example.com/api/v1',
  clientId: '123e4567-e89b-42d3-a456-426614174000',
  clientSecret: 's3cret',
}

/** What the contract (the authority) says about the values the form would send. */
function contractFields(v: ProfileFormValues): Record<string, string> {
  const sent = { name: v.name.trim(), baseUrl: v.baseUrl.trim(), clientId: v.clientId.trim(), ...(v.clientSecret ? { clientSecret: v.clientSecret } : {}) }
  const parsed = ProfileInput.safeParse(sent)
  return parsed.success ? {} : fieldsOf(parsed.error)
}

describe('connection form checks', () => {
  it('accept a complete profile', () => {
    expect(validateProfileForm(valid, true)).toEqual({})
  })

  it('explain each kind of mistake', () => {
    expect(validateProfileForm({ ...valid, name: '  ' }, true).name).toBe('connection.form.required')
    expect(validateProfileForm({ ...valid, clientId: 'not-a-uuid' }, true).clientId).toBe('connection.form.invalidUuid')
    // A bare host is what an address bar gives: it is read as https://host/api/v1.
    expect(validateProfileForm({ ...valid, baseUrl: 'orders.example.com' }, true).baseUrl).toBeUndefined()
    expect(validateProfileForm({ ...valid, baseUrl: 'https://orders example.com' }, true).baseUrl).toBe('connection.form.invalidUrl')
    expect(validateProfileForm({ ...valid, webUrl: 'http://orders.example.com' }, true).webUrl).toBe('connection.form.httpsRequired')
    expect(validateProfileForm({ ...valid, webUrl: '' }, true).webUrl).toBeUndefined()
    expect(validateProfileForm({ ...valid, baseUrl: 'http://orders.example.com/api/v1' }, true).baseUrl).toBe('connection.form.httpsRequired')
    expect(validateProfileForm({ ...valid, baseUrl: 'http://127.0.0.1:8080/api/v1' }, true).baseUrl).toBeUndefined()
  })

  it('need a secret for a new profile only (an edit keeps the stored one)', () => {
    expect(validateProfileForm({ ...valid, clientSecret: '' }, true).clientSecret).toBe('connection.form.required')
    expect(validateProfileForm({ ...valid, clientSecret: '' }, false).clientSecret).toBeUndefined()
  })

  it('flag exactly the fields the IPC contract refuses', () => {
    const pick = <T>(...xs: T[]) => fc.constantFrom(...xs)
    const values = fc.record({
      name: fc.oneof(pick('', '   ', 'A', ' Head office ', 'x'.repeat(100), 'x'.repeat(101)), fc.string({ maxLength: 120 })),
      baseUrl: fc.oneof(
        pick(
          'https://orders.example.com/api/v1',
          'https://orders.example.com/api/v1/',
          ' https://orders.example.com/api/v1 ',
          'http://orders.example.com/api/v1',
          'HTTP://EXAMPLE.COM/api/v1',
          'http://127.0.0.1:4000/api/v1',
          'http://localhost/api/v1',
          'http://[::1]:3000/api/v1',
          'ftp://orders.example.com',
          'https://',
          'orders.example.com/api/v1',
          'orders.example.com',
          'https://orders.example.com',
          'https://orders.example.com/api/v1/orders',
          'https://user:pw@orders.example.com',
          '',
        ),
        fc.webUrl(),
        fc.string({ maxLength: 40 }),
      ),
      clientId: fc.oneof(
        fc.uuid(),
        pick('00000000-0000-0000-0000-000000000000', '123E4567-E89B-42D3-A456-426614174000', '123e4567-e89b-02d3-a456-426614174000', '123e4567-e89b-42d3-c456-426614174000', 'abc', ''),
        fc.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      ),
      clientSecret: fc.oneof(pick('', 's', 'x'.repeat(1000), 'x'.repeat(1001)), fc.string({ maxLength: 30 })),
    })
    fc.assert(
      fc.property(values, fc.boolean(), (v, isNew) => {
        const local = validateProfileForm(v, isNew)
        const contract = contractFields(v)
        for (const field of PROFILE_FIELDS) {
          // The core (not the schema) requires a secret for a new profile.
          const refused = field in contract || (field === 'clientSecret' && isNew && !v.clientSecret)
          expect(field in local, `${field} of ${JSON.stringify(v)}`).toBe(refused)
        }
      }),
      { numRuns: 400 },
    )
  })

  it('map the contract’s field errors onto the form’s own messages', () => {
    const v = { ...valid, baseUrl: 'http://orders.example.com/api/v1', clientId: 'abc' }
    expect(fieldErrorsFromService(contractFields(v), v, true)).toEqual({
      baseUrl: 'connection.form.httpsRequired',
      clientId: 'connection.form.invalidUuid',
    })
    // A field the form thinks is fine but the service refused still gets a message.
    expect(fieldErrorsFromService({ name: 'taken' }, valid, true)).toEqual({ name: 'connection.form.invalidField' })
    expect(fieldErrorsFromService({ 'some.other': 'x' }, valid, true)).toEqual({})
  })
})
