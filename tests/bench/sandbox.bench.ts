import { Pool } from 'undici'
import { startSandbox } from '../../electron/sandbox'
import { createTokenFor } from '../support/sandbox/test-client'
import type { Print } from './run'
import { percentile } from './statistics'

const PRODUCTS = 100_000
const ORDERS = 20_000
const REQUESTS = 60
const WARMUP = 5

/**
 * The sandbox's own figures (in this process), as area `sandbox`:
 * - seeding 100,000 products (startSandbox on an empty in-memory database; target < 15 s);
 * - one listProducts page of 1,000 over loopback, REQUESTS timed requests after a warm-up
 *   (p50/p95; target p95 < 50 ms) and the CPU time per request (client and server together, which
 *   wall times on a busy machine do not show), plus a deep page and a text search for context;
 * - seeding 20,000 historic orders (with 2,000 products).
 */
export async function bench(print: Print): Promise<void> {
  let t = performance.now()
  const sb = await startSandbox({ products: PRODUCTS, orders: 0, speed: 0 })
  print('sandbox', 'sandbox.seed.products100k', (performance.now() - t) / 1000, 's')
  const pool = new Pool(sb.url, { connections: 1 })
  try {
    const token = await createTokenFor(sb.baseUrl, sb.demo)
    let cpuMs = 0
    const timed = async (path: string) => {
      const times: number[] = []
      let cpu = process.cpuUsage()
      for (let i = 0; i < WARMUP + REQUESTS; i++) {
        if (i === WARMUP) cpu = process.cpuUsage()
        const start = performance.now()
        const res = await pool.request({ method: 'GET', path: `/api/v1${path}`, headers: { authorization: `Bearer ${token}` } })
        const text = await res.body.text()
        if (res.statusCode !== 200 || text.length < 2) throw new Error(`GET ${path} answered ${res.statusCode}`)
        if (i >= WARMUP) times.push(performance.now() - start)
      }
      const used = process.cpuUsage(cpu)
      cpuMs = (used.user + used.system) / 1000 / REQUESTS
      return times.sort((a, b) => a - b)
    }
    const page1 = await timed('/products?per_page=1000')
    print('sandbox', 'sandbox.listProducts.page1000.p50', percentile(page1, 50), 'ms')
    print('sandbox', 'sandbox.listProducts.page1000.p95', percentile(page1, 95), 'ms')
    // CPU per request (server and client share this process): stable even on a busy machine.
    print('sandbox', 'sandbox.listProducts.page1000.cpu', cpuMs, 'ms')
    const deep = await timed('/products?per_page=1000&page=90&sort_by=%2Bname')
    print('sandbox', 'sandbox.listProducts.page90byName.p95', percentile(deep, 95), 'ms')
    const text = await timed('/products?per_page=1000&text=switch')
    print('sandbox', 'sandbox.listProducts.textSearch.p95', percentile(text, 95), 'ms')
  } finally {
    await pool.close()
    await sb.close()
  }
  t = performance.now()
  const withOrders = await startSandbox({ products: 2000, orders: ORDERS, speed: 0 })
  print('sandbox', 'sandbox.seed.orders20k', (performance.now() - t) / 1000, 's')
  await withOrders.close()
}
