// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { createPinia } from 'pinia'
import { describe, expect, it } from 'vitest'
import { createTestI18n } from '../../../../tests/support/renderer/every-language'
import AuditTimeline from './AuditTimeline.vue'

describe('audit timeline', () => {
  it("names each action in the user's language, and one the service adds later in readable words", () => {
    const w = mount(AuditTimeline, {
      props: {
        entries: [
          { user: 1, action: 'CREATED', timestamp: '2025-05-01T10:00:00Z' },
          { user: 1, action: 'PASSWORD_RESET', timestamp: '2025-05-02T10:00:00Z' },
        ],
        organisationName: (id: number) => `Organisation ${id}`,
        testid: 'audit',
      },
      global: { plugins: [createPinia(), createTestI18n('de')] },
    })
    expect(w.findAll('.timeline__entry strong').map((s) => s.text())).toEqual(['Password reset', 'Angelegt'])
  })
})
