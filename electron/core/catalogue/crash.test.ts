import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../../shared/api'
import type { CatalogueStatus, SyncOutcome, SyncProgress } from '../../../shared/model/catalogue-sync'
import type { ProductSummary } from '../../../shared/model/product'
import { SHOWCASE, startSandbox, type Sandbox } from '../../sandbox'
import { catalogueRig } from '../../../tests/support/core/catalogue-rig'

const PRODUCTS = 800

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ testMode: true, products: PRODUCTS, orders: 0, speed: 0 })
})
afterAll(async () => {
  await sandbox?.close()
})

describe('a crash in the middle of a sync', () => {
  it('leaves the previous catalogue whole and searchable, and the next sync resumes after the stored pages', async () => {
    const rig = catalogueRig({ perPage: 100 })
    const profileId = await rig.connect(sandbox)
    await rig.call('catalogue.sync')
    const before = (await rig.call<ProductSummary[]>('catalogue.lookupSku', { sku: SHOWCASE.phone.sku }))[0]!
    const dbPath = join(rig.ctx.connection.require().profileDir, 'catalogue.db')
    await rig.close()

    // Another process syncs the same file and is killed outright after its third stored page.
    sandbox.control.raisePrices([SHOWCASE.phone.id], 50)
    sandbox.control.injectFault({ kind: 'latency', ms: 30, match: { path: '^/products$' } })
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'fixtures/sync-child.ts'), dbPath, sandbox.baseUrl, sandbox.demo.clientId, sandbox.demo.clientSecret], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const exited = new Promise<NodeJS.Signals | null>((ok) => child.once('exit', (_code, signal) => ok(signal)))
    for await (const line of createInterface({ input: child.stdout! })) {
      const p = JSON.parse(line) as SyncProgress
      if (p.phase === 'fetching' && p.pagesDone >= 3) {
        child.kill('SIGKILL')
        break
      }
      if (p.phase !== 'fetching') throw new Error(`the sync ended (${p.phase}) before it could be interrupted`)
    }
    expect(await exited).toBe('SIGKILL')
    sandbox.control.clearFaults()

    // The app starts again on the same folder.
    const again = catalogueRig({ perPage: 100, dataDir: rig.dataDir, secrets: rig.secrets })
    try {
      await again.call('connection.activate', { id: profileId })
      const status = await again.call<CatalogueStatus>('catalogue.status')
      expect(status.products).toBe(PRODUCTS)
      const still = (await again.call<ProductSummary[]>('catalogue.lookupSku', { sku: SHOWCASE.phone.sku }))[0]!
      expect(still.price).toBe(before.price)
      // Read (and kept in memory) before the next sync swaps the catalogue…
      expect((await again.call<Product>('catalogue.product', { id: still.id })).price).toBe(before.price)

      sandbox.control.clearRequestLog()
      expect(await again.call<SyncOutcome>('catalogue.sync')).toMatchObject({ outcome: 'completed', products: PRODUCTS })
      const pages = sandbox.control
        .requestLog()
        .filter((r) => r.path === '/products' && r.status === 200)
        .map((r) => Number(new URLSearchParams(r.query).get('page')))
      expect(pages.length).toBeLessThanOrEqual(PRODUCTS / 100 - 3)
      expect(pages).not.toContain(1)
      const after = (await again.call<ProductSummary[]>('catalogue.lookupSku', { sku: SHOWCASE.phone.sku }))[0]!
      expect(after.price).toBeCloseTo(before.price * 1.5, 2)
      // …and read again from the new one afterwards.
      expect((await again.call<Product>('catalogue.product', { id: still.id })).price).toBe(after.price)
    } finally {
      await again.close()
    }
  })
})
