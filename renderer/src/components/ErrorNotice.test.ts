// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { IpcErrorCode } from '../../../shared/ipc/contract-kit'
import { createTestI18n } from '../../../tests/support/renderer/every-language'
import { ApiError } from '../services/api'
import ErrorNotice from './ErrorNotice.vue'

const render = (error: ApiError | null, language: 'en' | 'de' = 'en') =>
  mount(ErrorNotice, { props: { error }, global: { plugins: [createTestI18n(language)] } })

describe('error notice', () => {
  it('says in its own words what went wrong, for every error code, then the details', () => {
    const summaries = new Set<string>()
    for (const code of IpcErrorCode.options) {
      const w = render(new ApiError({ code, message: `detail for ${code}` }))
      const title = w.find('.n-alert__header, .n-alert-body__title').text()
      expect(title, code).not.toBe('')
      expect(title, code).not.toContain('frame.errors')
      summaries.add(title)
      expect(w.text()).toContain(`Details: detail for ${code}`)
      expect(w.find('[role=alert]').attributes('data-error-code')).toBe(code)
    }
    expect(summaries.size).toBe(IpcErrorCode.options.length)
  })

  it('speaks the UI language', () => {
    expect(render(new ApiError({ code: 'offline', message: 'x' }), 'de').text()).toContain('Der Dienst ist nicht erreichbar')
  })

  it('says when to try again', () => {
    expect(render(new ApiError({ code: 'rate_limited', message: 'slow down', retryAfterSeconds: 30 })).text()).toContain('Try again in 30 seconds.')
  })

  it('shows nothing without an error', () => {
    expect(render(null).find('[role=alert]').exists()).toBe(false)
  })
})
