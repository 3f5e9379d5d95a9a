/**
 * `npm run harness`: the app in a browser, against a sandbox, for trying things by hand.
 * Options: --port N (default: a free one), --products N, --orders N, --speed N (sandbox
 * simulator; 0 = off), --data-dir DIR (keep profiles between runs).
 */
import { parseArgs } from 'node:util'
import { startHarness } from './server'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    products: { type: 'string', default: '2000' },
    orders: { type: 'string', default: '200' },
    speed: { type: 'string', default: '1' },
    'data-dir': { type: 'string' },
  },
})

const harness = await startHarness({
  port: Number(values.port),
  dataDir: values['data-dir'],
  sandboxOptions: { products: Number(values.products), orders: Number(values.orders), speed: Number(values.speed) },
})
console.log(`Wholesale Desk browser harness: ${harness.url}`)
console.log('"Explore with demo data" starts a sandbox. Ctrl+C stops everything.')

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    void harness.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err)
        process.exit(1)
      },
    )
  })
}
