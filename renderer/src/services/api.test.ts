// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startInProcessApp, type InProcessApp } from '../../../tests/harness/in-process'
import { api, ApiError, toApiError, unwrap } from './api'

describe('renderer api', () => {
  let app: InProcessApp
  beforeAll(async () => {
    app = await startInProcessApp()
    window.api = app.api
  })
  afterAll(async () => {
    await app?.close()
  })

  it('answers a channel’s value', async () => {
    const info = await api.system.info()
    expect(info.harness).toBe(true)
    expect(await api.connection.list()).toEqual([])
  })

  it('throws the core’s typed error with its field messages', async () => {
    const err = await api.connection.save({ name: '', baseUrl: 'https://x.example/api/v1', clientId: 'nope' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect((err as ApiError).code).toBe('invalid_input')
    expect(Object.keys((err as ApiError).fields).sort()).toEqual(['clientId', 'name'])
  })

  it('turns a transport that threw into an internal error instead of an unhandled one', async () => {
    await expect(unwrap(Promise.reject(new Error('pipe closed')))).rejects.toMatchObject({ code: 'internal', message: 'pipe closed' })
    expect(toApiError('odd')).toMatchObject({ code: 'internal', message: 'odd' })
  })

  it('keeps retry-after from a rate-limited answer', async () => {
    await expect(unwrap({ ok: false, error: { code: 'rate_limited', message: 'slow', retryAfterSeconds: 12 } })).rejects.toMatchObject({ retryAfterSeconds: 12 })
  })
})
