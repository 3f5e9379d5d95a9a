/**
 * @doyensec/electronegativity, the Electron security scanner, on the sources that ship (tests and
 * test support left out). Every finding must be one of build/electronegativity-accepted.json, where
 * each is justified; a new finding fails, and so does an accepted one that no longer fires. The CSP,
 * which the scanner cannot see (it is built at run time), goes through the scanner's own evaluator.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import Module, { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildCsp } from './csp'

const root = join(import.meta.dirname, '..', '..', '..')
const require = createRequire(import.meta.url)

interface Accepted {
  excludedChecks: Record<string, string>
  accepted: { check: string; file: string; count: number; reason: string }[]
}
interface Issue {
  id: string
  file: string
  sample?: string
  location: { line: number; column: number }
}
type Run = (options: Record<string, unknown>) => Promise<{ issues: Issue[]; errors: { file: string; message: string }[] }>

const accepted = JSON.parse(readFileSync(join(root, 'build/electronegativity-accepted.json'), 'utf8')) as Accepted
const SHIPPED = ['electron', 'renderer', 'shared', 'package.json']
const notShipped = (path: string) => /\.test\.ts$|\.fixture\.ts$|[/\\]test-support([/\\]|$)|[/\\]test-[^/\\]*\.ts$|[/\\]harness\.html$/.test(path)

/**
 * The scanner fetches translations from the internet before it runs: here `got` (its HTTP client)
 * fails at once, so the scan is the same with or without a network and it uses its bundled English.
 */
function offlineScanner(): Run {
  const entry = require.resolve('@doyensec/electronegativity')
  const got = createRequire(entry).resolve('got')
  const stub = new Module(got)
  stub.exports = () => Promise.reject(new Error('offline by design'))
  stub.loaded = true
  ;(require.cache as Record<string, unknown>)[got] = stub
  return (require(entry) as { default?: Run }).default ?? (require(entry) as Run)
}

const scanned = mkdtempSync(join(tmpdir(), 'wd-electronegativity-'))
afterAll(() => rmSync(scanned, { recursive: true, force: true }))

describe('electronegativity', () => {
  it('finds nothing on the shipped sources beyond the accepted findings, each justified', { timeout: 120_000 }, async () => {
    for (const item of SHIPPED) cpSync(join(root, item), join(scanned, item), { recursive: true, filter: (src) => !notShipped(src) })
    const run = offlineScanner()
    const result = await run({ input: scanned, isRelative: true, excludeFromScan: Object.keys(accepted.excludedChecks), parserPlugins: [] })
    expect(result.errors.filter((e) => !/tolerable/i.test(e.message))).toEqual([])

    const found = new Map<string, Issue[]>()
    for (const issue of result.issues) {
      const key = `${issue.id} ${issue.file.replaceAll('\\', '/')}`
      found.set(key, [...(found.get(key) ?? []), issue])
    }
    const unexplained: string[] = []
    for (const [key, issues] of found) {
      const ok = accepted.accepted.find((a) => `${a.check} ${a.file}` === key)
      if (!ok || ok.count !== issues.length) unexplained.push(`${key}: ${issues.length} found (${ok ? `${ok.count} accepted` : 'not accepted'}) at ${issues.map((i) => `${i.location.line}:${i.location.column} ${i.sample ?? ''}`).join(' | ')}`)
    }
    const stale = accepted.accepted.filter((a) => !found.has(`${a.check} ${a.file}`)).map((a) => `${a.check} ${a.file}`)
    console.log(`bench: electronegativity.findings = ${result.issues.length} count`)
    console.log(`bench: electronegativity.unexplained = ${unexplained.length} count`)
    expect(unexplained, 'new findings: fix them or justify them in build/electronegativity-accepted.json').toEqual([])
    expect(stale, 'accepted findings that no longer fire: remove them from build/electronegativity-accepted.json').toEqual([])
    for (const a of accepted.accepted) expect(a.reason.length, `${a.check} ${a.file} needs a reason`).toBeGreaterThan(40)
  })

  it('the run-time CSP has no high or medium finding of the scanner’s CSP evaluator, in production and in development', () => {
    const entry = require.resolve('@doyensec/electronegativity')
    const csp = createRequire(dirname(entry) + '/').call(null, '@doyensec/csp-evaluator') as {
      CspParser: new (s: string) => { csp: unknown }
      CspEvaluator: new (c: unknown, v: unknown) => { evaluate(): { severity: number; directive: string; value?: string; description: string }[] }
      Version: { CSP3: unknown }
      severities: Record<string, number>
    }
    for (const policy of [buildCsp({ imageOrigins: ['https://shop.example.com/api/v1'] }), buildCsp({ devServerUrl: 'http://localhost:5173' })]) {
      const findings = new csp.CspEvaluator(new csp.CspParser(policy).csp, csp.Version.CSP3).evaluate()
      const serious = findings.filter((f) => f.severity === csp.severities.HIGH || f.severity === csp.severities.MEDIUM)
      expect(serious.map((f) => `${f.directive} ${f.value ?? ''}: ${f.description}`), policy).toEqual([])
    }
  })
})
