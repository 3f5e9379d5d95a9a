import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DraftAddress } from '../../shared/ipc/channels/baskets'
import { clientFor, openCore, plainProducts, serviceCatalogue, settle } from '../chaos/support/outbox-world'
import { startSandboxProcess } from '../harness/sandbox-process'
import type { Print } from './run'

/**
 * The outbox after a day offline: 100 queued drafts of 20 lines each, sent when the service is
 * reachable again (a sandbox on loopback). Figures: wall time from reconnecting until every draft is
 * an order, requests per draft (tokens excluded), and the peak resident memory of the process
 * running the core — the sandbox runs in a child process of its own so it is not counted.
 */
const DRAFTS = 100
const LINES = 20

export async function bench(print: Print): Promise<void> {
  const sandbox = await startSandboxProcess({ testMode: true, speed: 0, products: 600, orders: 0, tokenTtlSeconds: 36_000 })
  // On disk, like the app's data folder: every outbox step is an fsync'd commit.
  const dir = mkdtempSync(join(tmpdir(), 'wd-bench-baskets-'))
  try {
    const client = clientFor(sandbox)
    const catalogue = await serviceCatalogue(client)
    const country = (await client.list('listCountryCodes')).items[0]!
    const shipping = (await client.list('listShippingTypes')).items[0]!
    await client.close()
    const pool = plainProducts(catalogue.products)
    if (pool.length < LINES) throw new Error(`only ${pool.length} plain products in the sandbox`)
    const shipTo = { shipping_address: { addr_line_1: '1 Quay St', city: 'Bristol', postal_code: 'BS1 4AA', country_code: country.id } as DraftAddress, shipping_type: shipping.id }

    // A day offline: drafts queued while nothing is sent.
    const core = openCore(dir, sandbox, catalogue, { autoSend: false })
    for (let d = 0; d < DRAFTS; d++) {
      const draft = await core.drafts.create(undefined, { name: `Bench ${d}`, ...shipTo })
      const rows = Array.from({ length: LINES }, (_, i) => {
        const p = pool[(d * 7 + i) % pool.length]!
        return { productId: p.id, sku: p.product_code, quantity: 1 + ((d + i) % 5) }
      })
      await core.drafts.importLines(draft.id, rows)
      await core.drafts.submit(draft.id)
    }

    await sandbox.control.clearRequestLog()
    let peak = process.memoryUsage().rss
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10)
    const started = performance.now()
    core.outbox.start()
    const drafts = await settle(core, 120_000)
    const wall = performance.now() - started
    clearInterval(sampler)
    peak = Math.max(peak, process.memoryUsage().rss)

    const submitted = drafts.filter((d) => d.state === 'submitted').length
    if (submitted !== DRAFTS) throw new Error(`${DRAFTS - submitted} drafts were not submitted`)
    const requests = (await sandbox.control.requestLog()).filter((r) => r.path !== '/oauth/create_token').length
    await core.crash()

    print('baskets', 'outbox_100x20_wall', Math.round(wall), 'ms')
    print('baskets', 'outbox_drafts_per_second', Math.round((DRAFTS / wall) * 1000 * 10) / 10, 'drafts/s')
    print('baskets', 'outbox_requests_per_draft', Math.round((requests / DRAFTS) * 100) / 100, 'requests')
    print('baskets', 'outbox_peak_rss', Math.round(peak / 1024 / 1024), 'MB')
  } finally {
    await sandbox.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
