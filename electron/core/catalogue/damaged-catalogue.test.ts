import { readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CatalogueSearchResult } from '../../../shared/model/catalogue-search'
import type { CatalogueStatus } from '../../../shared/model/catalogue-sync'
import type { ProductSummary } from '../../../shared/model/product'
import { startSandbox, type Sandbox } from '../../sandbox'
import { catalogueRig } from '../../../tests/support/core/catalogue-rig'
import { until } from '../../../tests/support/core/until'

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ testMode: true, products: 120, orders: 0, speed: 0 })
})
afterAll(async () => {
  await sandbox?.close()
})

describe('a damaged catalogue file', () => {
  it('is rebuilt from the service: the app starts, says so in its log, and finds the products again', async () => {
    const first = catalogueRig({ autoSync: true })
    const profileId = await first.connect(sandbox)
    await until(async () => (await first.call<CatalogueStatus>('catalogue.status')).products === 120, 'the first sync')
    const profileDir = first.ctx.connection.require().profileDir
    const sku = (await first.call<CatalogueSearchResult>('catalogue.search', { query: '' })).items[7]!.product_code
    await first.close()

    // The bookkeeping file is overwritten with garbage (a disk fault, a half-copied backup).
    for (const name of readdirSync(profileDir)) if (/^catalogue\.db-(wal|shm)$/.test(name)) rmSync(join(profileDir, name))
    writeFileSync(join(profileDir, 'catalogue.db'), Buffer.alloc(8192, 0x5a))

    const again = catalogueRig({ autoSync: true, dataDir: first.dataDir, secrets: first.secrets })
    try {
      await again.call('connection.activate', { id: profileId })
      await until(async () => (await again.call<CatalogueStatus>('catalogue.status')).products === 120, 'the rebuilt catalogue')
      expect(again.warnings.some((w) => /catalogue file was damaged/.test(w))).toBe(true)
      const found = await again.call<ProductSummary[]>('catalogue.lookupSku', { sku })
      expect(found.map((p) => p.product_code)).toContain(sku)
    } finally {
      await again.close()
    }
  })
})
