import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..', '..')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'fixtures' ? [] : sourceFiles(path)
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : []
  })
}

/** What a file imports (its module specifiers): static, side-effect only, re-exports and dynamic imports. */
function importsOf(path: string): string[] {
  const text = readFileSync(path, 'utf8')
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?(?:from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]!)
}

const rel = (path: string) => relative(ROOT, path).split(sep).join('/')

describe('the domain model and who may use the IPC contract', () => {
  it('the model imports neither the IPC contract, nor Electron, nor the core', () => {
    const offending = sourceFiles(join(ROOT, 'shared', 'model')).flatMap((f) =>
      importsOf(f)
        .filter((s) => /(^|\/)ipc(\/|$)/.test(s) || s === 'electron' || s.includes('electron/'))
        .map((s) => `${rel(f)} → ${s}`),
    )
    expect(offending).toEqual([])
  })

  it("the core's files reach shared/ipc only at each feature's IPC edge (feature.ts) and in the dispatcher", () => {
    const offending = sourceFiles(join(ROOT, 'electron', 'core'))
      .filter((f) => !f.endsWith(`${sep}feature.ts`) && !f.endsWith(join('ipc', 'dispatcher.ts')))
      .flatMap((f) => importsOf(f).filter((s) => s.includes('shared/ipc')).map((s) => `${rel(f)} → ${s}`))
    expect(offending).toEqual([])
  })
})
