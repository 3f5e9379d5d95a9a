import { parseArgs } from 'node:util'
import { startSandbox } from '.'

/**
 * npm run sandbox -- --port 8787 --data sandbox.db --products 100000 --orders 20000 --seed 42 --speed 10 [--test-mode] [--rate-limit 600] [--currency-id] [--manual-authorisation]
 * Prints the URL and the demo client's credentials, then serves until Ctrl+C.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    data: { type: 'string' },
    products: { type: 'string' },
    orders: { type: 'string' },
    seed: { type: 'string' },
    speed: { type: 'string' },
    'token-ttl': { type: 'string' },
    'rate-limit': { type: 'string' },
    'test-mode': { type: 'boolean', default: false },
    'currency-id': { type: 'boolean', default: false },
    'manual-authorisation': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

if (values.help) {
  console.log('Usage: npm run sandbox -- [--port 8787] [--data file.db] [--products 2000] [--orders 500] [--seed 42] [--speed 1] [--token-ttl 3600] [--rate-limit 0] [--test-mode] [--currency-id] [--manual-authorisation]')
  process.exit(0)
}

const num = (v: string | undefined) => (v === undefined ? undefined : Number(v))
const started = Date.now()
const sandbox = await startSandbox({
  port: num(values.port),
  dbPath: values.data,
  products: num(values.products),
  orders: num(values.orders),
  seed: num(values.seed),
  speed: num(values.speed),
  tokenTtlSeconds: num(values['token-ttl']),
  rateLimitPerMinute: num(values['rate-limit']),
  testMode: values['test-mode'],
  whoamiCurrency: values['currency-id'] ? 'id' : 'code',
  manualAuthorisation: values['manual-authorisation'],
})

console.log(`Wholesale ordering sandbox ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)
console.log(`  URL:           ${sandbox.url}`)
console.log(`  Base URL:      ${sandbox.baseUrl}`)
console.log(`  OpenAPI:       ${sandbox.baseUrl}/openapi.json`)
console.log(`  Demo client:   ${sandbox.demo.clientId}`)
console.log(`  Demo secret:   ${sandbox.demo.clientSecret}`)
console.log(`  Test mode:     ${values['test-mode'] ? 'on (/api/v1/_test, fault injection)' : 'off'}`)
console.log('Press Ctrl+C to stop.')

const stop = async () => {
  await sandbox.close()
  process.exit(0)
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
