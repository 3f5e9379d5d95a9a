// npm test: lint, typecheck, unit + integration, e2e, the soak at CI size — then one summary line of counts.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, mkdirSync } from 'node:fs'

mkdirSync('out/test-results', { recursive: true })
const steps = [
  { name: 'lint', cmd: 'npm', args: ['run', '--silent', 'lint'] },
  { name: 'typecheck', cmd: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'unit+integration', cmd: 'npm', args: ['run', '--silent', 'test:unit'], results: 'out/test-results/unit.json' },
  { name: 'e2e', cmd: 'npm', args: ['run', '--silent', 'test:e2e'], results: 'out/test-results/e2e.json' },
  // The simulated working week at CI size (npm run test:soak runs the full week).
  { name: 'soak', cmd: 'npx', args: ['vitest', 'run', '--config', 'tests/soak/vitest.soak.config.ts'], results: 'out/test-results/soak.json' },
]

let passed = 0
let failed = 0
let skipped = 0
const failedSteps = []
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`)
  const started = Date.now()
  const run = spawnSync(step.cmd, step.args, { stdio: 'inherit' })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (step.results && existsSync(step.results)) {
    const r = JSON.parse(readFileSync(step.results, 'utf8'))
    passed += r.numPassedTests
    failed += r.numFailedTests
    skipped += r.numPendingTests + (r.numTodoTests ?? 0)
  }
  if (run.status !== 0) failedSteps.push(step.name)
  console.log(`=== ${step.name}: ${run.status === 0 ? 'ok' : 'FAILED'} in ${seconds}s ===`)
}
if (failedSteps.length) console.log(`\nfailed steps: ${failedSteps.join(', ')}`)
// Counted lint/typecheck failures make the line honest even when no test failed.
console.log(`\n${passed} passed, ${failed + failedSteps.filter((s) => s === 'lint' || s === 'typecheck').length} failed, ${skipped} skipped`)
process.exit(failedSteps.length ? 1 : 0)
