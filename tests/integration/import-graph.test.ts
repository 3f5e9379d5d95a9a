import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importCircles, reachedAtRunTime, readImportGraph, relativeTo } from '../support/import-graph'

const root = join(import.meta.dirname, '..', '..')
const rel = relativeTo(root)
const graph = readImportGraph(root, ['electron', 'shared', 'renderer', 'tests'])

/**
 * The architecture, checked on the import graph itself. eslint's import-x/no-cycle sees only
 * imports that run; a circle through `import type` still means two modules cannot be understood
 * (or moved) apart, so this one counts every import.
 */
describe('the import graph', () => {
  it('is read: it knows the app, its imports and which of them are type-only', () => {
    const demo = graph.get(join(root, 'electron/main/demo.ts'))
    expect(demo?.some((e) => e.dynamic && rel(e.to) === 'electron/sandbox/embedded.ts')).toBe(true)
    expect(demo?.some((e) => e.typeOnly && rel(e.to) === 'electron/core/platform/services.ts')).toBe(true)
    expect(graph.size).toBeGreaterThan(400)
  })

  it('has no import circles anywhere (type-only imports included)', () => {
    const circles = importCircles(graph).map((group) => group.map(rel))
    expect(circles).toEqual([])
  })

  it('finds a circle when there is one (the check can fail)', () => {
    const a = join(root, 'a.ts')
    const b = join(root, 'b.ts')
    const c = join(root, 'c.ts')
    const circular = new Map([
      [a, [{ to: b, typeOnly: false, dynamic: false }]],
      [b, [{ to: c, typeOnly: true, dynamic: false }]],
      [c, [{ to: a, typeOnly: false, dynamic: true }]],
    ])
    expect(importCircles(circular).map((g) => g.map(rel))).toEqual([['a.ts', 'b.ts', 'c.ts']])
  })
})

describe("the app's main bundle (electron/main/index.ts and all it loads)", () => {
  const shipped = [...reachedAtRunTime(graph, join(root, 'electron/main/index.ts'))].map(rel)

  it('embeds the demo service', () => {
    expect(shipped).toContain('electron/sandbox/embedded.ts')
    expect(shipped).toContain('electron/sandbox/routes/orders.ts')
  })

  it("holds no test-only route and no test support: the test server's /_test routes stay out", () => {
    expect(shipped.filter((f) => f === 'electron/sandbox/routes/test-admin.ts' || f === 'electron/sandbox/index.ts')).toEqual([])
    expect(shipped.filter((f) => f.startsWith('tests/') || f.endsWith('.test.ts'))).toEqual([])
  })
})
