import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox'
import { catalogueRig, type CatalogueRig } from '../../../tests/support/core/catalogue-rig'
import { CatalogueDb } from './catalogue-db'
import { refreshFacetNames } from './facet-names'

let sandbox: Sandbox
let rig: CatalogueRig
let dir: string
beforeAll(async () => {
  sandbox = await startSandbox({ testMode: true, products: 50, orders: 0, speed: 0 })
  rig = catalogueRig()
  await rig.connect(sandbox)
  dir = mkdtempSync(join(tmpdir(), 'wd-facet-names-'))
})
afterAll(async () => {
  await rig?.close()
  await sandbox?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('vendor and product type names', () => {
  it('are read from every page of the service’s lists, not only the first', async () => {
    const client = rig.ctx.connection.require().client
    const all = async (op: 'listVendors' | 'listProductTypes') => (await client.list(op, { query: { page: 1, per_page: 1000 } })).items
    const [vendors, types] = await Promise.all([all('listVendors'), all('listProductTypes')])
    // Pages of 3: the lists take several pages each.
    expect(vendors.length).toBeGreaterThan(6)
    expect(types.length).toBeGreaterThan(3)
    const cdb = new CatalogueDb(join(dir, 'catalogue.db'))
    try {
      const names = await refreshFacetNames(cdb, client, 3)
      expect(names.vendors).toEqual(Object.fromEntries(vendors.map((v) => [String(v.id), v.name])))
      expect(names.types).toEqual(Object.fromEntries(types.map((t) => [String(t.id), t.name])))
    } finally {
      cdb.close()
    }
  })
})
