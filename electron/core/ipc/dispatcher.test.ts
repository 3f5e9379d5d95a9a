import { describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/model/app-error'
import { createDispatcher } from './dispatcher'

const silent = { error: () => {} }

describe('dispatcher', () => {
  it('answers an unknown channel with a typed error', async () => {
    const dispatch = createDispatcher({}, silent)
    expect(await dispatch('nope.nothing', {})).toMatchObject({ ok: false, error: { code: 'unknown_channel' } })
    expect(await dispatch(42, {})).toMatchObject({ ok: false, error: { code: 'unknown_channel' } })
    // An object whose toString is not a function (found by the gate fuzz).
    expect(await dispatch({ toString: 0 }, {})).toMatchObject({ ok: false, error: { code: 'unknown_channel' } })
  })

  it('never lets a malformed payload reach the handler', async () => {
    let called = false
    const dispatch = createDispatcher({ 'connection.remove': () => ((called = true), { removed: true }) }, silent)
    const reply = await dispatch('connection.remove', { id: 7 })
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: { id: expect.any(String) } } })
    expect(called).toBe(false)
  })

  it('turns AppError and unexpected throws into typed errors', async () => {
    const logged: string[] = []
    const dispatch = createDispatcher(
      {
        'connection.remove': () => {
          throw new AppError('not_found', 'No such profile')
        },
        'connection.list': () => {
          throw new Error('boom')
        },
      },
      { error: (m) => logged.push(m) },
    )
    expect(await dispatch('connection.remove', { id: 'x' })).toEqual({ ok: false, error: { code: 'not_found', message: 'No such profile' } })
    expect(await dispatch('connection.list', undefined)).toMatchObject({ ok: false, error: { code: 'internal' } })
    expect(logged).toEqual(['channel connection.list failed'])
  })

  it('passes parsed input and returns the value', async () => {
    const dispatch = createDispatcher({ 'connection.remove': ({ id }) => ({ removed: id === 'p1' }) }, silent)
    expect(await dispatch('connection.remove', { id: 'p1' })).toEqual({ ok: true, value: { removed: true } })
  })

  it('answers an unparsable base URL with a field error, not a throw', async () => {
    const dispatch = createDispatcher({ 'connection.save': () => ({ id: 'x', name: 'x', baseUrl: 'x', clientId: '7f1d1e8a-8c83-4c3c-9a7e-2f5b8d0c1a2b', demo: false, active: false, environment: 'production', webUrl: 'https://x', productionConfirmed: false, nameDetail: null }) }, silent)
    const reply = await dispatch('connection.save', { name: 'x', baseUrl: 'not a url', clientId: '7f1d1e8a-8c83-4c3c-9a7e-2f5b8d0c1a2b', clientSecret: 's' })
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: { baseUrl: expect.any(String) } } })
  })
})
