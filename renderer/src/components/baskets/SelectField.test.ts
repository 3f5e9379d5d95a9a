// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import SelectField from './SelectField.vue'

const options = [
  { value: 1, label: 'North' },
  { value: 2, label: 'South' },
]
const mounted: { unmount(): void }[] = []
afterEach(() => mounted.splice(0).forEach((w) => w.unmount()))

function render(props: Partial<InstanceType<typeof SelectField>['$props']> = {}) {
  const w = mount(SelectField, { props: { id: 'region', label: 'Region', modelValue: 2, options, ...props } })
  mounted.push(w)
  return w
}

describe('a select field', () => {
  it('is labelled, shows the chosen option and offers none only when asked to', () => {
    expect(render().findAll('option').map((o) => o.text())).toEqual(['North', 'South'])
    const w = render({ modelValue: null, none: '—' })
    expect(w.find('label[for=region]').text()).toBe('Region')
    expect(w.findAll('option').map((o) => o.text())).toEqual(['—', 'North', 'South'])
    expect((w.find('select').element as HTMLSelectElement).value).toBe('')
  })

  it('gives the chosen value as the select has it', async () => {
    const w = render()
    await w.find('select').setValue('1')
    expect(w.emitted('update:modelValue')).toEqual([['1']])
  })

  it('announces its error with the field', () => {
    const w = render({ error: 'Pick another' })
    const select = w.find('select')
    expect(select.attributes('aria-invalid')).toBe('true')
    expect(w.find(`#${select.attributes('aria-describedby')}`).text()).toBe('Pick another')
  })

  it('can be shown but not changed', () => {
    expect(render({ disabled: true }).find('select').attributes()).toHaveProperty('disabled')
    expect(render().find('select').attributes()).not.toHaveProperty('disabled')
  })
})
