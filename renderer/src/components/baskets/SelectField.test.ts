// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { chooseOption, optionsOf } from '../../../../tests/support/renderer/naive-select'
import SelectField from './SelectField.vue'

const options = [
  { value: 1, label: 'North' },
  { value: 2, label: 'South' },
]
const mounted: { unmount(): void }[] = []
afterEach(() => mounted.splice(0).forEach((w) => w.unmount()))

function render(props: Partial<InstanceType<typeof SelectField>['$props']> = {}) {
  const w = mount(SelectField, { props: { id: 'region', label: 'Region', modelValue: 2, options, ...props }, attachTo: document.body })
  mounted.push(w)
  return w
}
const input = () => document.querySelector<HTMLInputElement>('#region')!

describe('a select field', () => {
  it('is labelled, shows the chosen option and offers none only when asked to', async () => {
    const w = render()
    expect(w.find('.n-base-selection-label').text()).toBe('South')
    expect((await optionsOf(input())).map((o) => o.label)).toEqual(['North', 'South'])
    w.unmount()
    mounted.length = 0
    const none = render({ modelValue: null, none: '—' })
    expect(none.find('label[for=region]').text()).toBe('Region')
    expect(input().tagName).toBe('INPUT')
    expect((await optionsOf(input())).map((o) => o.label)).toEqual(['—', 'North', 'South'])
    expect(none.find('[data-value]').attributes('data-value')).toBe('')
  })

  it('gives the chosen value as a string, chosen by label or by value', async () => {
    const w = render()
    await chooseOption(input(), 'North')
    await chooseOption(input(), { value: '2' })
    expect(w.emitted('update:modelValue')).toEqual([['1'], ['2']])
  })

  it('announces its error with the field', () => {
    const w = render({ error: 'Pick another' })
    expect(input().getAttribute('aria-invalid')).toBe('true')
    expect(w.find(`#${input().getAttribute('aria-describedby')}`).text()).toBe('Pick another')
  })

  it('can be shown but not changed', () => {
    render({ disabled: true })
    expect(input().disabled).toBe(true)
  })
})
