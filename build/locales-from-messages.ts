/**
 * npx tsx build/locales-from-messages.ts — writes shared/locales/<language>/<namespace>.json from the
 * TypeScript message sources they replace, so a branch that still adds strings to those sources can be
 * merged and converted again. Deterministic: every language's keys in the order of the English source,
 * 2-space indent, trailing newline; JSON files no source produces any more are removed.
 *
 * Sources:
 * - renderer/src/i18n/messages/<namespace>.ts (default export { en, de, … }): copied as they are,
 *   except a subtree that is the order-status table itself, which becomes links (@:status.KEY) to
 *   the one status namespace;
 * - shared/i18n/order-status-labels.ts → status;
 * - electron/main/tray-messages.ts → tray, electron/main/crash-messages.ts → crash,
 *   electron/core/orders/alert-texts.ts and electron/core/baskets/damaged-drafts-notice.ts → alerts.
 *   These hold functions (templates, plurals), so they are read as source code: `(order, status) =>
 *   \`Order ${order}: ${status}\`` becomes "Order {order}: {status}" and plural('{n} x', '{n} xs')
 *   becomes "{n} x | {n} xs", the message syntax the renderer's vue-i18n and the core's
 *   shared/locales/format-message.ts both read.
 *
 * To be deleted with those sources once the last branch that edits them is merged.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { basename, join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import ts from 'typescript'

const ROOT = join(import.meta.dirname, '..')
const OUT = join(ROOT, 'shared/locales')
const LANGUAGES = ['de', 'en', 'es', 'fr', 'it', 'nl'] as const
type Language = (typeof LANGUAGES)[number]
type Tree = { [key: string]: string | Tree }
type Catalogue = Record<Language, Record<string, Tree>>

const catalogue = Object.fromEntries(LANGUAGES.map((l) => [l, {}])) as Catalogue

function put(language: Language, namespace: string, tree: Tree, under?: string): void {
  const target = (catalogue[language][namespace] ??= {})
  if (!under) return void Object.assign(target, tree)
  if (under in target) throw new Error(`${namespace}.${under} is written twice`)
  target[under] = tree
}

// ---------------------------------------------------------------- the renderer's message files

const { ORDER_STATUS_LABELS } = (await import(pathToFileURL(join(ROOT, 'shared/i18n/order-status-labels.ts')).href)) as {
  ORDER_STATUS_LABELS: Record<Language, Record<string, string>>
}
for (const language of LANGUAGES) put(language, 'status', { ...ORDER_STATUS_LABELS[language] })

/** A plain copy of a message tree; the order-status table (shared by reference) becomes links to `status`. */
function copyTree(node: unknown, language: Language, where: string): Tree {
  if (node === ORDER_STATUS_LABELS[language]) return Object.fromEntries(Object.keys(node as object).map((k) => [k, `@:status.${k}`]))
  if (LANGUAGES.some((l) => node === ORDER_STATUS_LABELS[l])) throw new Error(`${where} (${language}) uses another language's status labels`)
  const out: Tree = {}
  for (const [key, value] of Object.entries(node as object)) {
    if (typeof value === 'string') out[key] = value
    else if (value && typeof value === 'object') out[key] = copyTree(value, language, `${where}.${key}`)
    else throw new Error(`${where}.${key} (${language}) is not a message: ${typeof value}`)
  }
  return out
}

const messagesDir = join(ROOT, 'renderer/src/i18n/messages')
for (const file of readdirSync(messagesDir).filter((f) => f.endsWith('.ts')).sort()) {
  const namespace = basename(file, '.ts')
  const messages = ((await import(pathToFileURL(join(messagesDir, file)).href)) as { default: Record<string, unknown> }).default
  for (const language of LANGUAGES) {
    if (!messages[language]) throw new Error(`${file} has no ${language}`)
    put(language, namespace, copyTree(messages[language], language, namespace))
  }
}

// ---------------------------------------------------- the shell's and the core's tables, as code

interface TableSource {
  namespace: string
  /** Where in the namespace the table goes (its root when absent). */
  under?: string
  file: string
  /** The table: a variable whose object has a property per language, or `null` for one variable per language. */
  table: string | null
  /** The interface whose method signatures name the placeholders (`title(id: number, status: string)`). */
  shape?: string
  /** Placeholder names by message key, where no interface names them. */
  params?: Record<string, string[]>
}

const TABLES: TableSource[] = [
  { namespace: 'tray', file: 'electron/main/tray-messages.ts', table: null, shape: 'TrayMessages' },
  { namespace: 'crash', file: 'electron/main/crash-messages.ts', table: 'TABLE' },
  { namespace: 'alerts', file: 'electron/core/orders/alert-texts.ts', table: 'ALERT_TEXTS', shape: 'AlertTexts' },
  { namespace: 'alerts', under: 'draftsDamaged', file: 'electron/core/baskets/damaged-drafts-notice.ts', table: 'TEXTS', params: { body: ['file'] } },
]

/** Text that is literal in the message syntax: its special characters quoted. */
const literal = (text: string) => text.replace(/[{}@|]/g, (c) => `{'${c}'}`)

function unwrap(node: ts.Expression): ts.Expression {
  while (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)) node = node.expression
  return node
}

function readTable(source: TableSource): void {
  const path = join(ROOT, source.file)
  const sf = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true)
  const where = (node: ts.Node) => `${relative(ROOT, path)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`
  const variables = new Map<string, ts.Expression>()
  const signatures = new Map<string, string[]>()
  for (const statement of sf.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name) && d.initializer) variables.set(d.name.text, unwrap(d.initializer))
    }
    if (ts.isInterfaceDeclaration(statement) && statement.name.text === source.shape) {
      for (const member of statement.members) {
        if (ts.isMethodSignature(member) && ts.isIdentifier(member.name)) signatures.set(member.name.text, member.parameters.map((p) => p.name.getText(sf)))
      }
    }
  }
  const objectOf = (node: ts.Expression | undefined, what: string): ts.ObjectLiteralExpression => {
    const n = node && unwrap(node)
    if (n && ts.isObjectLiteralExpression(n)) return n
    if (n && ts.isIdentifier(n) && variables.has(n.text)) return objectOf(variables.get(n.text), what)
    throw new Error(`${source.file}: ${what} is not an object literal`)
  }
  const propertyName = (p: ts.ObjectLiteralElementLike): string => {
    if (!p.name || !(ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) throw new Error(`${where(p)}: unsupported property`)
    return p.name.text
  }

  /** A template's text, each `${param}` (a parameter of the enclosing function) as `{name}`. */
  function text(node: ts.Expression, names: Map<string, string>, countMarker = false): string {
    node = unwrap(node)
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      return countMarker ? node.text.split('{n}').map(literal).join('{n}') : literal(node.text)
    }
    if (ts.isTemplateExpression(node)) {
      let out = literal(node.head.text)
      for (const span of node.templateSpans) {
        const e = unwrap(span.expression)
        const name = ts.isIdentifier(e) ? names.get(e.text) : undefined
        if (!name) throw new Error(`${where(e)}: only a function's parameters can be placed in a message`)
        out += `{${name}}${literal(span.literal.text)}`
      }
      return out
    }
    throw new Error(`${where(node)}: not a message text`)
  }

  function message(key: string, node: ts.Expression): string | undefined {
    node = unwrap(node)
    if (ts.isPropertyAccessExpression(node) && node.expression.getText(sf) === 'ORDER_STATUS_LABELS') return undefined // → the status namespace
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
      const own = node.parameters.map((p) => p.name.getText(sf))
      const named = source.params?.[key] ?? signatures.get(key) ?? own
      if (named.length !== own.length) throw new Error(`${where(node)}: ${key} takes ${own.length} parameters, named ${named.join(', ')}`)
      const body = node.body
      if (!ts.isBlock(body)) return text(body, new Map(own.map((p, i) => [p, named[i]!])))
      throw new Error(`${where(node)}: a message function must be one expression`)
    }
    // plural(one, other, zeroIsOne?) — `{n}` in both; with zeroIsOne, 0 takes the singular (French).
    if (ts.isCallExpression(node) && node.expression.getText(sf) === 'plural') {
      const [one, other, zeroIsOne] = node.arguments
      if (!one || !other) throw new Error(`${where(node)}: plural(one, other) expected`)
      const forms = [text(one, new Map(), true), text(other, new Map(), true)]
      return (zeroIsOne?.kind === ts.SyntaxKind.TrueKeyword ? [forms[0], ...forms] : forms).join(' | ')
    }
    return text(node, new Map())
  }

  function tree(object: ts.ObjectLiteralExpression): Tree {
    const out: Tree = {}
    for (const p of object.properties) {
      if (ts.isSpreadAssignment(p)) throw new Error(`${where(p)}: spreads are not supported`)
      const key = propertyName(p)
      const value = ts.isPropertyAssignment(p) ? p.initializer : ts.isShorthandPropertyAssignment(p) ? p.name : null
      if (!value) throw new Error(`${where(p)}: unsupported property`)
      const inner = unwrap(value)
      if (ts.isObjectLiteralExpression(inner)) out[key] = tree(inner)
      else {
        const m = message(key, inner)
        if (m !== undefined) out[key] = m
      }
    }
    return out
  }

  const table = source.table ? objectOf(variables.get(source.table), source.table) : null
  for (const language of LANGUAGES) {
    const object = table
      ? objectOf((table.properties.find((p) => propertyName(p) === language) as ts.PropertyAssignment | undefined)?.initializer, `${source.table}.${language}`)
      : objectOf(variables.get(language), `const ${language}`)
    put(language, source.namespace, tree(object), source.under)
  }
}

for (const source of TABLES) readTable(source)

// ---------------------------------------------------------------- write

/** The tree with its keys in the order of English's (every language reads the same, line by line). */
function ordered(tree: Tree, like: Tree | undefined): Tree {
  const keys = [...Object.keys(like ?? {}).filter((k) => k in tree), ...Object.keys(tree).filter((k) => !like || !(k in like))]
  return Object.fromEntries(keys.map((k) => {
    const v = tree[k]!
    const l = like?.[k]
    return [k, typeof v === 'string' ? v : ordered(v, typeof l === 'object' ? l : undefined)]
  }))
}

const written = new Set<string>()
for (const language of LANGUAGES) {
  mkdirSync(join(OUT, language), { recursive: true })
  for (const namespace of Object.keys(catalogue.en).sort()) {
    const tree = catalogue[language][namespace]
    if (!tree) throw new Error(`${language} has no ${namespace}`)
    const file = join(OUT, language, `${namespace}.json`)
    writeFileSync(file, `${JSON.stringify(ordered(tree, catalogue.en[namespace]), null, 2)}\n`)
    written.add(file)
  }
  for (const f of readdirSync(join(OUT, language)).filter((f) => f.endsWith('.json'))) {
    if (!written.has(join(OUT, language, f))) rmSync(join(OUT, language, f))
  }
}
console.log(`shared/locales: ${written.size} files (${LANGUAGES.length} languages × ${Object.keys(catalogue.en).length} namespaces)`)
