import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jsonArrayItem } from './json-array-items'

describe('jsonArrayItem', () => {
  it('gives the text of any element of an array, whatever its strings hold and however it is spaced', () => {
    const value = fc.jsonValue({ maxDepth: 3 })
    fc.assert(
      fc.property(fc.array(value, { maxLength: 8 }), fc.boolean(), (items, pretty) => {
        const text = pretty ? JSON.stringify(items, null, 2) : JSON.stringify(items)
        const parsed = JSON.parse(text) as unknown[]
        parsed.forEach((item, i) => expect(JSON.parse(jsonArrayItem(text, i)!)).toEqual(item))
        expect(jsonArrayItem(text, parsed.length)).toBeNull()
      }),
      { numRuns: 300 },
    )
  })

  it('counts every element, objects or not, and finds none in an empty array', () => {
    const text = '[{"a": "\\" ] }"}, 2 , null,"x,]", {"b": [1, {"c": "}"}]}]'
    expect(jsonArrayItem(text, 0)).toBe('{"a": "\\" ] }"}')
    expect(jsonArrayItem(text, 1)).toBe('2')
    expect(jsonArrayItem(text, 2)).toBe('null')
    expect(jsonArrayItem(text, 3)).toBe('"x,]"')
    expect(jsonArrayItem(text, 4)).toBe('{"b": [1, {"c": "}"}]}')
    expect(jsonArrayItem('[{"a": "\\\\"}, {"b": "]"}]', 1)).toBe('{"b": "]"}')
    expect(jsonArrayItem('[]', 0)).toBeNull()
    expect(jsonArrayItem(' [ ] ', 0)).toBeNull()
  })
})
