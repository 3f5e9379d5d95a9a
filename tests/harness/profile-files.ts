/**
 * TESTS ONLY — a profile's files on disk in states no window.api call can make: a drafts file
 * damaged, or held locked by another program. Here, on the Node side of the harness, so that the
 * renderer's tests reach the core only through window.api.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { BasketStore } from '../../electron/core/baskets/basket-store'

export interface ProfileFiles {
  /** Whether the profile still has its folder (removing a profile deletes it). */
  exists(profileId: string): boolean
  /** Replaces the profile's drafts file with bytes that are no SQLite database. */
  damageDrafts(profileId: string): void
  /** Gives the profile one unsent draft for `service`, then holds its file locked until release(). */
  lockDrafts(profileId: string, service: string): { release(): void }
  /** Marks a draft sent and placed as order `orderId`, as the outbox leaves one (no channel does so by itself). */
  markSubmitted(profileId: string, draftId: string, orderId: number): void
  /** Leaves an order in the orders index as a version before 3 indexed it: its row, no lines, shipping or discount. */
  forgetKeptOrderParts(profileId: string, orderId: number): void
}

export function profileFiles(dataDir: string): ProfileFiles {
  const folder = (id: string) => join(dataDir, 'profiles', id)
  return {
    exists: (id) => existsSync(folder(id)),
    damageDrafts(id) {
      mkdirSync(folder(id), { recursive: true })
      writeFileSync(join(folder(id), 'baskets.db'), 'not a database: damaged on disk. '.repeat(100))
    },
    forgetKeptOrderParts(id, orderId) {
      const db = new DatabaseSync(join(folder(id), 'orders.db'))
      try {
        db.prepare('DELETE FROM order_kept WHERE id = ?').run(orderId)
      } finally {
        db.close()
      }
    },
    markSubmitted(id, draftId, orderId) {
      const db = new DatabaseSync(join(folder(id), 'baskets.db'))
      try {
        db.prepare("UPDATE drafts SET state = 'submitted', order_id = ?, basket_id = ? WHERE id = ?").run(orderId, orderId, draftId)
      } finally {
        db.close()
      }
    },
    lockDrafts(id, service) {
      const store = new BasketStore(folder(id), () => Date.now())
      store.create(null, service)
      store.close()
      const holder = new DatabaseSync(join(folder(id), 'baskets.db'))
      holder.exec("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; DELETE FROM meta WHERE key = 'none';")
      return {
        release() {
          holder.exec('ROLLBACK')
          holder.close()
        },
      }
    },
  }
}
