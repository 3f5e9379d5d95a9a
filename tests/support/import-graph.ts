import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

/**
 * TESTS ONLY — the project's own import graph (relative imports between its .ts and .vue files),
 * read with TypeScript's parser, so architecture tests can check what imports what: circles
 * (type-only imports count: they tie modules together as much as any) and what a bundle reaches
 * (type-only imports do not: they vanish in the build).
 */

export interface ImportEdge {
  /** Absolute path of the imported file. */
  to: string
  /** `import type`, `import { type X }` only, `typeof import('…')`: nothing of it runs. */
  typeOnly: boolean
  /** `import('…')`: loaded when first used, but still in the bundle. */
  dynamic: boolean
}

export type ImportGraph = Map<string, ImportEdge[]>

const SOURCE = /\.(ts|vue)$/
const SKIP = new Set(['node_modules', 'out', 'dist', 'release', 'coverage'])

function sourceFiles(dir: string, into: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) sourceFiles(path, into)
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) into.push(path)
  }
  return into
}

function resolveRelative(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec)
  for (const candidate of [base, `${base}.ts`, `${base}.vue`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return null
}

/** The script blocks of a single-file component, as one TypeScript text. */
function scriptOf(path: string): string {
  const text = readFileSync(path, 'utf8')
  if (!path.endsWith('.vue')) return text
  return [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n')
}

function importsOf(path: string): { spec: string; typeOnly: boolean; dynamic: boolean }[] {
  const source = ts.createSourceFile(path, scriptOf(path), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
  const found: { spec: string; typeOnly: boolean; dynamic: boolean }[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)))
      found.push({ spec: node.moduleSpecifier.text, typeOnly, dynamic: false })
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : undefined
      const typeOnly = node.isTypeOnly || (!!named && named.length > 0 && named.every((e) => e.isTypeOnly))
      found.push({ spec: node.moduleSpecifier.text, typeOnly, dynamic: false })
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments
      if (arg && ts.isStringLiteral(arg)) found.push({ spec: arg.text, typeOnly: false, dynamic: true })
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ spec: node.argument.literal.text, typeOnly: true, dynamic: false })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** The graph of every .ts and .vue file under `folders` of `root` (packages and node: built-ins left out). */
export function readImportGraph(root: string, folders: string[]): ImportGraph {
  const graph: ImportGraph = new Map()
  for (const folder of folders) {
    for (const file of sourceFiles(join(root, folder))) {
      const edges: ImportEdge[] = []
      for (const { spec, typeOnly, dynamic } of importsOf(file)) {
        if (!spec.startsWith('.')) continue
        const to = resolveRelative(file, spec)
        if (to) edges.push({ to, typeOnly, dynamic })
      }
      graph.set(file, edges)
    }
  }
  return graph
}

/** Every circle of imports: the strongly connected groups of more than one file (or a file importing itself). */
export function importCircles(graph: ImportGraph): string[][] {
  // Tarjan's algorithm, iterative so a deep chain cannot overflow the stack.
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []
  const targets = (file: string) => (graph.get(file) ?? []).map((e) => e.to).filter((to) => graph.has(to))

  for (const start of graph.keys()) {
    if (index.has(start)) continue
    const work: { file: string; pending: string[] }[] = []
    const enter = (file: string) => {
      index.set(file, next)
      low.set(file, next)
      next++
      stack.push(file)
      onStack.add(file)
      work.push({ file, pending: targets(file) })
    }
    enter(start)
    while (work.length > 0) {
      const top = work[work.length - 1]!
      const to = top.pending.shift()
      if (to !== undefined) {
        if (!index.has(to)) enter(to)
        else if (onStack.has(to)) low.set(top.file, Math.min(low.get(top.file)!, index.get(to)!))
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(top.file)!))
      if (low.get(top.file) === index.get(top.file)) {
        const group: string[] = []
        let member: string
        do {
          member = stack.pop()!
          onStack.delete(member)
          group.push(member)
        } while (member !== top.file)
        if (group.length > 1 || targets(top.file).includes(top.file)) circles.push(group.sort())
      }
    }
  }
  return circles
}

/** Every file `entry` loads when it runs (static and dynamic imports; type-only ones are erased by the build). */
export function reachedAtRunTime(graph: ImportGraph, entry: string): Set<string> {
  const seen = new Set([entry])
  const queue = [entry]
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const edge of graph.get(file) ?? []) {
      if (edge.typeOnly || seen.has(edge.to)) continue
      seen.add(edge.to)
      queue.push(edge.to)
    }
  }
  return seen
}

/** Paths relative to `root`, for messages a reader can act on. */
export const relativeTo = (root: string) => (path: string) => relative(root, path).split('\\').join('/')
