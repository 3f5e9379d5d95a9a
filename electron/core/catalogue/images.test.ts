import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SHOWCASE } from '../../sandbox'
import { syncedCatalogue } from '../../../tests/support/core/catalogue-rig'

const world = syncedCatalogue({ testMode: true, products: 300, orders: 0, speed: 0 })

const imageRequests = () => world.sandbox.control.requestLog().filter((r) => r.path.includes('/images/')).length
const image = (productId: number, kind: 'thumb' | 'main') => world.rig.call<{ dataUrl: string | null }>('catalogue.image', { productId, kind })

describe('product images', () => {
  it('fetches a thumbnail once, keeps it on disk, and still shows it with the service stopped', async () => {
    world.sandbox.control.clearRequestLog()
    const first = await image(SHOWCASE.switch.id, 'thumb')
    expect(first.dataUrl).toMatch(/^data:image\/svg\+xml;base64,/)
    const svg = Buffer.from(first.dataUrl!.split(',')[1]!, 'base64').toString('utf8')
    expect(svg).toContain(SHOWCASE.switch.sku)
    expect(imageRequests()).toBe(1)

    const dir = join(world.rig.ctx.connection.require().profileDir, 'images')
    expect(readdirSync(dir).filter((f) => f.startsWith(`${SHOWCASE.switch.id}-thumb-`))).toHaveLength(1)

    expect(await image(SHOWCASE.switch.id, 'thumb')).toEqual(first)
    expect(imageRequests()).toBe(1)

    await world.sandbox.control.pause()
    try {
      expect(await image(SHOWCASE.switch.id, 'thumb')).toEqual(first)
      // An image never fetched cannot be shown offline: a clear error, not a broken picture.
      const err = await world.rig.fail('catalogue.image', { productId: SHOWCASE.switch.id, kind: 'main' })
      expect(err.code).toBe('offline')
    } finally {
      await world.sandbox.control.resume()
    }
    expect((await image(SHOWCASE.switch.id, 'main')).dataUrl).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(existsSync(dir)).toBe(true)
  })

  it('answers not_found for a product the catalogue does not hold', async () => {
    expect((await world.rig.fail('catalogue.image', { productId: 987_654, kind: 'thumb' })).code).toBe('not_found')
  })
})
