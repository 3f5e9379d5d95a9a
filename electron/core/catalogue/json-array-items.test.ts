import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jsonArrayItems } from './json-array-items'

describe('jsonArrayItems', () => {
  it('gives each object of an array as its own text, whatever the strings hold', () => {
    const value = fc.jsonValue({ maxDepth: 3 })
    const item = fc.oneof(fc.dictionary(fc.string(), value), fc.array(value, { maxLength: 4 }))
    fc.assert(
      fc.property(fc.array(item, { maxLength: 8 }), fc.boolean(), (items, pretty) => {
        const text = pretty ? JSON.stringify(items, null, 2) : JSON.stringify(items)
        const parts = jsonArrayItems(text)
        expect(parts).not.toBeNull()
        expect(parts!.map((p) => JSON.parse(p))).toEqual(JSON.parse(text))
      }),
      { numRuns: 300 },
    )
  })

  it('declines arrays with bare values, so the caller serialises instead', () => {
    expect(jsonArrayItems('[{"a":1}, 2]')).toBeNull()
    expect(jsonArrayItems('[{"a":1},null]')).toBeNull()
    expect(jsonArrayItems('["x", {"a": "\\" ] }"}]')).toBeNull()
    expect(jsonArrayItems('[{"a": "\\\\"}, {"b": "]"}]')).toEqual(['{"a": "\\\\"}', '{"b": "]"}'])
    expect(jsonArrayItems('[]')).toEqual([])
  })
})
