/**
 * `npm run harness`: the app in a browser, against a sandbox, for trying things by hand.
 * Options: --port N (default: a free one), --data-dir DIR (keep profiles and demo data between
 * runs). "Explore with demo data" starts the app's own demo service, unless --products N,
 * --orders N or --speed N (sandbox simulator; 0 = off) ask for a sandbox seeded otherwise.
 */
import { parseArgs } from 'node:util'
import { startSandbox, type Sandbox } from '../../electron/sandbox'
import { startHarness } from './server'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    products: { type: 'string' },
    orders: { type: 'string' },
    speed: { type: 'string' },
    'data-dir': { type: 'string' },
  },
})

const number = (v: string | undefined) => (v === undefined ? undefined : Number(v))
const seeded = [values.products, values.orders, values.speed].some((v) => v !== undefined)
const sandbox: Sandbox | undefined = seeded ? await startSandbox({ products: number(values.products), orders: number(values.orders), speed: number(values.speed) }) : undefined
const harness = await startHarness({ port: Number(values.port), dataDir: values['data-dir'], sandbox })
console.log(`Wholesale Desk browser harness: ${harness.url}`)
console.log(`"Explore with demo data" connects to ${sandbox ? `a sandbox at ${sandbox.baseUrl}` : "the app's demo service"}. Ctrl+C stops everything.`)

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    void (async () => {
      await harness.close()
      await sandbox?.close()
    })().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err)
        process.exit(1)
      },
    )
  })
}
