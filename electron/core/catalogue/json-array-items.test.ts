import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jsonArrayBounds } from './json-array-items'

const elements = (text: string) => {
  const b = jsonArrayBounds(text)
  return b && Array.from({ length: b.length / 2 }, (_, i) => text.slice(b[2 * i], b[2 * i + 1]))
}

describe('jsonArrayBounds', () => {
  it('finds every element of an array, whatever its strings hold and however it is spaced', () => {
    const value = fc.jsonValue({ maxDepth: 3 })
    fc.assert(
      fc.property(fc.array(value, { maxLength: 8 }), fc.boolean(), (items, pretty) => {
        const text = pretty ? JSON.stringify(items, null, 2) : JSON.stringify(items)
        expect(elements(text)!.map((e) => JSON.parse(e) as unknown)).toEqual(JSON.parse(text))
      }),
      { numRuns: 300 },
    )
  })

  it('counts every element, objects or not, and finds none in an empty array or in a non-array', () => {
    expect(elements('[{"a": "\\" ] }"}, 2 , null,"x,]", {"b": [1, {"c": "}"}]}]')).toEqual(['{"a": "\\" ] }"}', '2', 'null', '"x,]"', '{"b": [1, {"c": "}"}]}'])
    expect(elements('[{"a": "\\\\"}, {"b": "]"}]')).toEqual(['{"a": "\\\\"}', '{"b": "]"}'])
    expect(elements('[]')).toEqual([])
    expect(elements(' [ ] ')).toEqual([])
    expect(elements('{"a": [1]}')).toBeNull()
  })
})
