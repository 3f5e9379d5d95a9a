import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { BasketStore } from './basket-store'

const OLD = 'https://old.example.com/api/v1'
const NEW = 'https://new.example.com/api/v1'

/**
 * A drafts file as an earlier version of the app left it: schema 2 (before drafts recorded their
 * service), or 3 (the column there, but a draft typed since had none until the next session), one
 * draft being typed and one waiting in the outbox, a cached list, and the service the store last
 * held when one is given.
 */
function oldProfile(held: string | null, schema: 2 | 3 = 2): string {
  const dir = mkdtempSync(join(tmpdir(), 'wd-basket-store-'))
  const db = new DatabaseSync(join(dir, 'baskets.db'))
  db.exec(`
    CREATE TABLE drafts (id TEXT PRIMARY KEY, organisation INTEGER, doc TEXT NOT NULL, state TEXT NOT NULL DEFAULT 'draft', marker TEXT UNIQUE,
      basket_id INTEGER, order_id INTEGER, step TEXT, in_flight TEXT, attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER NOT NULL DEFAULT 0,
      error TEXT, review TEXT, service_total REAL, source_basket_id INTEGER, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, in_flight_at INTEGER);
    CREATE INDEX drafts_state ON drafts(state);
    CREATE TABLE cache (key TEXT PRIMARY KEY, value TEXT NOT NULL, fetched_at INTEGER NOT NULL);
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
    INSERT INTO drafts (id, doc, state, marker, step, created_at, updated_at) VALUES ('typed', '{}', 'draft', NULL, NULL, 1, 1), ('queued', '{}', 'queued', 'm-1', 'create', 2, 2);
    INSERT INTO cache (key, value, fetched_at) VALUES ('countries', '[]', 1);
  `)
  if (schema === 3) db.exec('ALTER TABLE drafts ADD COLUMN service TEXT')
  db.exec(`PRAGMA user_version = ${schema}`)
  if (held) db.prepare("INSERT INTO meta (key, value) VALUES ('service', ?)").run(held)
  db.close()
  return dir
}

function servicesAfterOpening(dir: string, service: string): Record<string, string | null> {
  const store = new BasketStore(dir, Date.now)
  try {
    store.holdService(service)
    return Object.fromEntries(store.all().map((d) => [d.id, d.service]))
  } finally {
    store.close()
  }
}

describe('drafts made before the service was recorded', () => {
  it('are the service the store last held, even when the profile now connects to another (the outbox then returns them)', () => {
    const dir = oldProfile(OLD)
    expect(servicesAfterOpening(dir, NEW)).toEqual({ typed: OLD, queued: OLD })
    // Still theirs at every later session, of either service.
    expect(servicesAfterOpening(dir, OLD)).toEqual({ typed: OLD, queued: OLD })
    expect(servicesAfterOpening(dir, NEW)).toEqual({ typed: OLD, queued: OLD })
  })

  it('are the service the store last held when the profile still connects to it', () => {
    expect(servicesAfterOpening(oldProfile(OLD), OLD)).toEqual({ typed: OLD, queued: OLD })
  })

  it('are the service the store last held in a file of schema 3 too (typed there before drafts recorded it when made)', () => {
    expect(servicesAfterOpening(oldProfile(OLD, 3), NEW)).toEqual({ typed: OLD, queued: OLD })
  })

  it('are the first service held by a store that never held one, and stay its', () => {
    const dir = oldProfile(null)
    expect(servicesAfterOpening(dir, NEW)).toEqual({ typed: NEW, queued: NEW })
    expect(servicesAfterOpening(dir, OLD)).toEqual({ typed: NEW, queued: NEW })
  })

  it('leave the store holding the new service without the old one\'s cached lists', () => {
    const store = new BasketStore(oldProfile(OLD), Date.now)
    try {
      store.holdService(NEW)
      expect(store.cacheGet('countries')).toBeNull()
      store.cacheSet('countries', [1])
      store.holdService(NEW)
      expect(store.cacheGet('countries')?.value).toEqual([1])
    } finally {
      store.close()
    }
  })
})

describe('a draft read again and again (each keystroke reads it several times)', () => {
  function storeWithDraft() {
    const dir = mkdtempSync(join(tmpdir(), 'wd-basket-store-'))
    const store = new BasketStore(dir, Date.now)
    const draft = store.create(null, NEW, { name: 'Clinic', line_items: [{ key: 'a', product: 1, product_code: 'SW-1', quantity: 2 }] })
    return { dir, store, id: draft.id }
  }

  it('shows what another writer of the file changed since (the outbox, another window), not what it read before', () => {
    const { dir, store, id } = storeWithDraft()
    try {
      expect(store.require(id).doc.name).toBe('Clinic')
      const other = new DatabaseSync(join(dir, 'baskets.db'))
      const doc = JSON.parse((other.prepare('SELECT doc FROM drafts WHERE id = ?').get(id) as { doc: string }).doc) as Record<string, unknown>
      other.prepare('UPDATE drafts SET doc = ? WHERE id = ?').run(JSON.stringify({ ...doc, name: 'Clinic, from elsewhere' }), id)
      other.close()
      expect(store.require(id).doc.name).toBe('Clinic, from elsewhere')
      // An edit starts from that document, and what it wrote is what is read next.
      store.edit(id, (d) => ({ ...d, purchase_order_number: 'PO-9' }))
      expect(store.require(id).doc).toMatchObject({ name: 'Clinic, from elsewhere', purchase_order_number: 'PO-9' })
    } finally {
      store.close()
    }
  })

  it('hands out a document that cannot be changed in place: a change goes through edit, or it fails loudly', () => {
    const { store, id } = storeWithDraft()
    try {
      const read = store.require(id)
      expect(() => {
        read.doc.line_items[0]!.quantity = 99
      }).toThrow(TypeError)
      expect(() => store.edit(id, (d) => {
        d.name = 'changed in place'
        return d
      })).toThrow(TypeError)
      expect(store.require(id).doc).toMatchObject({ name: 'Clinic', line_items: [{ quantity: 2 }] })
      expect(store.edit(id, (d) => ({ ...d, line_items: d.line_items.map((l) => ({ ...l, quantity: 5 })) })).doc.line_items[0]!.quantity).toBe(5)
    } finally {
      store.close()
    }
  })
})
