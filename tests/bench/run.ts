/**
 * npm run bench [-- area …] — runs every tests/bench/<area>.bench.ts module (or only the areas
 * named, each with its `<area>-<part>.bench.ts` modules), one after the other. Each module exports `async function bench(print)` and reports its
 * figures through `print(area, figure, value, unit)`; every figure becomes one line:
 *
 *   bench: catalogue.search.sku.p95 = 0.4 ms
 *
 * Each module runs in its own process. A module that throws is reported and the others still run;
 * the exit code is then 1.
 */
import { spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { basename, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export type Print = (area: string, figure: string, value: number, unit: string) => void

const dir = import.meta.dirname
const available = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => basename(f, '.bench.ts'))
  .sort()
const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'))
/** An area also runs its parts: `catalogue` runs catalogue.bench.ts and catalogue-render.bench.ts. */
const matches = (area: string, module: string) => module === area || module.startsWith(`${area}-`)
const unknown = asked.filter((a) => !available.some((m) => matches(a, m)))
if (unknown.length) {
  console.error(`No benchmark for ${unknown.join(', ')}. Areas: ${available.join(', ')}`)
  process.exit(2)
}
const selected = asked.length ? available.filter((m) => asked.some((a) => matches(a, m))) : available

/** Four significant digits are plenty for timings on a shared machine; integers stay whole. */
function format(value: number): string {
  if (!Number.isFinite(value)) return String(value)
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(4)))
}

const print: Print = (area, figure, value, unit) => {
  // Some modules already prefix their figures with the area; never print it twice.
  const name = figure.startsWith(`${area}.`) ? figure : `${area}.${figure}`
  console.log(`bench: ${name} = ${format(value)} ${unit}`)
}

/**
 * Each module runs in a process of its own (this script again, with `--module`): a module's figures
 * of memory (peak RSS) and of a cold start are then its own, not what the modules before it left.
 */
const only = process.argv.indexOf('--module')
if (only >= 0) {
  const area = process.argv[only + 1]!
  const mod = (await import(pathToFileURL(join(dir, `${area}.bench.ts`)).href)) as { bench?: (print: Print) => Promise<void> }
  if (typeof mod.bench !== 'function') throw new Error(`${area}.bench.ts does not export async function bench(print)`)
  await mod.bench(print)
  // Benchmarks may leave pools or child processes winding down; the figures are out, so end here.
  process.exit(0)
}

const failed: string[] = []
for (const area of selected) {
  const started = performance.now()
  const code = await new Promise<number>((done) => {
    const child = spawn(process.execPath, [...process.execArgv, '--expose-gc', fileURLToPath(import.meta.url), '--module', area], { stdio: 'inherit' })
    child.on('exit', (c, signal) => done(c ?? (signal ? 1 : 0)))
    child.on('error', (err) => {
      console.error(`bench: ${area} could not start: ${err.message}`)
      done(1)
    })
  })
  if (code === 0) console.log(`bench: ${area} finished in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  else {
    failed.push(area)
    console.error(`bench: ${area} FAILED (exit ${code})`)
  }
}
if (failed.length) console.error(`bench: failed areas: ${failed.join(', ')}`)
process.exit(failed.length ? 1 : 0)
