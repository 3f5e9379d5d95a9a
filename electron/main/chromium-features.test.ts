import { describe, expect, it } from 'vitest'
import { DISABLE_FEATURES_ARG, disableFeaturesValue } from './chromium-features'

describe('the Chromium features the renderer runs without', () => {
  it('adds ours to a list already given, once, keeping the order and the names given', () => {
    expect(disableFeaturesValue('')).toBe('DeferRendererTasksAfterInput')
    expect(disableFeaturesValue('Foo, Bar')).toBe('Foo,Bar,DeferRendererTasksAfterInput')
    expect(disableFeaturesValue('DeferRendererTasksAfterInput,Foo')).toBe('DeferRendererTasksAfterInput,Foo')
  })

  it('gives the harness Chromium the same list as one argument', () => {
    expect(DISABLE_FEATURES_ARG).toBe('--disable-features=DeferRendererTasksAfterInput')
  })
})
