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
      const details = w.find('[data-testid=error-details]')
      expect(details.find('summary').text(), code).toBe('Technical details')
      expect(details.find('p').text(), code).toBe(`detail for ${code}`)
      expect(w.find('[role=alert]').attributes('data-error-code')).toBe(code)
    }
    expect(summaries.size).toBe(IpcErrorCode.options.length)
  })

  it('speaks the UI language', () => {
    expect(render(new ApiError({ code: 'offline', message: 'x' }), 'de').text()).toContain('Der Dienst ist nicht erreichbar')
  })

  it('in another language, folds the English details away under a heading in that language', () => {
    const w = render(new ApiError({ code: 'keychain_unavailable', message: 'No OS keychain service answered.' }), 'de')
    const details = w.find('[data-testid=error-details]')
    expect(details.element.tagName).toBe('DETAILS')
    expect((details.element as HTMLDetailsElement).open).toBe(false)
    expect(details.find('summary').text()).toBe('Technische Details (auf Englisch)')
    expect(details.text()).toContain('No OS keychain service answered.')
    expect(w.find('.n-alert__header, .n-alert-body__title').text()).toContain('Schlüsselbund')
  })

  // English showed the core's words inline ("Details: …") beside the summary that already says them.
  it('in English too, folds the details away under Technical details, not inline', () => {
    const w = render(new ApiError({ code: 'keychain_unavailable', message: 'No OS keychain service answered.' }))
    const details = w.find('[data-testid=error-details]')
    expect(details.element.tagName).toBe('DETAILS')
    expect((details.element as HTMLDetailsElement).open).toBe(false)
    expect(details.find('summary').text()).toBe('Technical details')
    expect(details.text()).toContain('No OS keychain service answered.')
    expect(w.text()).not.toContain('Details: ')
  })

  it('says when to try again', () => {
    expect(render(new ApiError({ code: 'rate_limited', message: 'slow down', retryAfterSeconds: 30 })).text()).toContain('Try again in 30 seconds.')
  })

  it('shows nothing without an error', () => {
    expect(render(null).find('[role=alert]').exists()).toBe(false)
  })
})
