// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { createPinia } from 'pinia'
import { afterEach, describe, expect, it } from 'vitest'
import type { DraftLine, LineProductInfo } from '../../../../shared/ipc/channels/baskets'
import { createTestI18n } from '../../../../tests/support/renderer/every-language'
import { chooseOption, optionsOf } from '../../../../tests/support/renderer/naive-select'
import LineOptions from './LineOptions.vue'

const line: DraftLine = { key: 'k0', product: 9, product_code: 'NAS-8', product_name: 'NAS', quantity: 1, prov_product: 21 }
const info: LineProductInfo = {
  id: 9,
  sku: 'NAS-8',
  name: 'NAS',
  price: 100,
  subscription_type: null,
  provisioning: [{ id: 21, sku: 'PROV-1', name: 'Setup', price: 10, partner: false }],
  maintenance: [{ id: 31, sku: 'MNT-1', name: 'Care', price: 5, partner: false }],
  rate_plans: [{ id: 41, name: 'Annual', term_length: 12, billing_frequency: 'Month', renewal_term_length: 12, default: true, min_quantity: 5, max_quantity: 50, rate_plan_charges: [] }],
}
const mounted: { unmount(): void }[] = []
afterEach(() => mounted.splice(0).forEach((w) => w.unmount()))

function render(fields: Record<string, string> = {}, l: DraftLine = line, i: LineProductInfo = info, language: 'en' | 'de' = 'en') {
  const w = mount(LineOptions, { props: { line: l, index: 2, info: i, fields, customerFinance: false }, attachTo: document.body, global: { plugins: [createTestI18n(language), createPinia()] } })
  mounted.push(w)
  return w
}

describe('a line\'s options', () => {
  it('offers the product\'s provisioning, maintenance and rate plans, each with a choice of none', async () => {
    const w = render()
    const labels = async (id: string) => (await optionsOf(w.find(`#line-k0-${id}`).element as HTMLElement)).map((o) => o.label)
    expect(await labels('prov')).toEqual(['None', 'Setup (PROV-1)'])
    expect(await labels('maint')).toEqual(['None', 'Care (MNT-1)'])
    expect(await labels('plan')).toEqual(['—', expect.stringContaining('Annual')])
    expect(w.find('#line-k0-prov').element.closest<HTMLElement>('[data-value]')!.dataset.value).toBe('21')
    expect(w.find('label[for=line-k0-maint]').text()).toBe('Maintenance product')
  })

  it('names a rate plan\'s quantities as the rep\'s language writes numbers (German: 5–10.000)', async () => {
    const plans = { ...info, rate_plans: [{ ...info.rate_plans[0]!, max_quantity: 10_000 }] }
    const w = render({}, line, plans, 'de')
    expect((await optionsOf(w.find('#line-k0-plan').element as HTMLElement)).map((o) => o.label)).toEqual(['—', 'Annual (5–10.000)'])
  })

  it('a choice changes the line by the product\'s id, and none clears it', async () => {
    const w = render()
    await chooseOption(w.find('#line-k0-plan').element as HTMLElement, { value: '41' })
    await chooseOption(w.find('#line-k0-prov').element as HTMLElement, 'None')
    expect(w.emitted('change')).toEqual([[{ selected_rate_plan: 41 }], [{ prov_product: null }]])
  })

  it('shows the service\'s error of a choice under it, under the line\'s field path', () => {
    const w = render({ 'line_items.2.maintenance_product': 'Not for this product' })
    const errors = w.findAll('[data-field-error]')
    expect(errors.map((e) => e.text())).toEqual(['Not for this product'])
    expect(w.find('#line-k0-maint').element.closest('.select-field')!.textContent).toContain('Not for this product')
  })

  it('asks for the ordering data of the product\'s subscription kind, keeps the rest of it when one changes, and shows its errors', async () => {
    const backup = render({ 'line_items.2.backup_order.admin_email': 'Not an email' }, { ...line, backup_order: { tenant_name: 'Acme', admin_email: 'x' } }, { ...info, subscription_type: 'SUBSCRIPTION_KIND_BACKUP' })
    const inputs = () => backup.findAll('.text-field input').map((i) => [backup.find(`label[for=${i.attributes('id')}]`).text(), (i.element as HTMLInputElement).value])
    expect(inputs()).toEqual([
      ['Tenant name', 'Acme'],
      ['Administrator email', 'x'],
    ])
    expect(backup.find('#line-k0-admin_email').attributes('aria-invalid')).toBe('true')
    expect(backup.find('[data-field-error]').text()).toBe('Not an email')
    await backup.find('#line-k0-admin_email').setValue('a@example.com')
    expect(backup.emitted('change')).toEqual([[{ backup_order: { tenant_name: 'Acme', admin_email: 'a@example.com' } }]])

    const meeting = render({}, line, { ...info, subscription_type: 'SUBSCRIPTION_KIND_MEETING' })
    expect(meeting.findAll('.text-field input')).toHaveLength(5)
    await meeting.find('#line-k0-end_user_name').setValue('Ada')
    expect(meeting.emitted('change')).toEqual([[{ meeting_order: { end_user_name: 'Ada' } }]])
    expect(render().findAll('.text-field input')).toHaveLength(0)
  })
})
