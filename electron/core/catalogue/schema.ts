import type { DatabaseSync } from 'node:sqlite'
import type { Migration } from '../store/database'

/**
 * The catalogue database (`<profileDir>/catalogue.db`) is a rebuildable cache of the service's
 * catalogue. Its data lives in one "generation" of tables: the live set answers searches while a
 * sync fills the shadow set (`next_*`); the swap drops the live set and renames the shadow set in
 * one transaction, so a crash or a lost connection mid-sync never touches what search reads.
 */

/** Only bookkeeping is migrated; generation tables are created by `createGeneration`. */
export const catalogueMigrations: Migration[] = [
  {
    version: 1,
    up: `
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      -- Pages of the shadow generation already stored: what a resumed sync skips.
      CREATE TABLE sync_pages (page INTEGER PRIMARY KEY, products INTEGER NOT NULL, invalid INTEGER NOT NULL);
    `,
  },
]

/** Bumped when the generation tables change shape: the cache is then rebuilt by the next sync. */
export const GENERATION_LAYOUT = 3

export type TablePrefix = '' | 'next_'

export const GENERATION_TABLES = ['product', 'product_fts', 'term', 'product_group', 'group_member', 'vendor', 'product_type'] as const

/** Tables of one generation. Indexes are added by `indexGeneration` after the bulk load (faster). */
export function createGeneration(db: DatabaseSync, p: TablePrefix): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS ${p}product (
      -- position in the service's -popularity order at sync time (1 = most popular); also the
      -- full-text rowid, so text matches come out most popular first and a page stops early
      pos INTEGER PRIMARY KEY,
      -- unique: ShadowWriter keeps the first copy; the unique index comes with the others, after the load
      id INTEGER NOT NULL,
      sku TEXT NOT NULL,
      -- lower-cased and trimmed: exact and prefix SKU lookups are case-insensitive
      sku_norm TEXT NOT NULL,
      name TEXT NOT NULL,
      name_norm TEXT NOT NULL,
      vendor INTEGER,
      type INTEGER,
      price REAL NOT NULL,
      rrp REAL,
      stock INTEGER,
      has_thumb INTEGER NOT NULL,
      subscription_type TEXT,
      subscription_product_type TEXT,
      -- the whole validated product (every field of spec 2.7) as JSON
      data TEXT NOT NULL
    );
    -- body = description, detailed and featured description. detail=column keeps column filters
    -- (name and SKU matches rank first) at a fraction of the size of full positions.
    CREATE VIRTUAL TABLE IF NOT EXISTS ${p}product_fts USING fts5(
      name, sku, body, content = '', detail = column, columnsize = 0, tokenize = 'unicode61 remove_diacritics 2'
    );
    -- The full-text vocabulary with document counts: a typed prefix becomes the few words it
    -- starts, which the index reads lazily, instead of a prefix query that merges them all up front.
    CREATE TABLE IF NOT EXISTS ${p}term (term TEXT PRIMARY KEY, docs INTEGER NOT NULL) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS ${p}product_group (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      name_norm TEXT NOT NULL,
      data TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS ${p}group_member (
      group_id INTEGER NOT NULL,
      position INTEGER NOT NULL,
      product_id INTEGER NOT NULL,
      PRIMARY KEY (group_id, position)
    ) WITHOUT ROWID;
    -- Vendor and type records are "not shown" by the spec: only the ids the products carry, with counts.
    CREATE TABLE IF NOT EXISTS ${p}vendor (id INTEGER PRIMARY KEY, products INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS ${p}product_type (id INTEGER PRIMARY KEY, products INTEGER NOT NULL);
  `)
}

/**
 * Indexes of a generation, as SQL. Their names carry the generation number because an index keeps
 * its name when its table is renamed, and the next shadow generation must not collide with the live one.
 */
export function generationIndexes(p: TablePrefix, gen: number): string {
  return `
    CREATE UNIQUE INDEX IF NOT EXISTS ix${gen}_id ON ${p}product (id);
    CREATE INDEX IF NOT EXISTS ix${gen}_sku ON ${p}product (sku_norm, pos);
    CREATE INDEX IF NOT EXISTS ix${gen}_name ON ${p}product (name_norm, pos);
    CREATE INDEX IF NOT EXISTS ix${gen}_price ON ${p}product (price, pos);
    CREATE INDEX IF NOT EXISTS ix${gen}_vendor ON ${p}product (vendor, pos);
    CREATE INDEX IF NOT EXISTS ix${gen}_type ON ${p}product (type, pos);
    CREATE INDEX IF NOT EXISTS ix${gen}_member ON ${p}group_member (product_id);
  `
}

export function dropGeneration(db: DatabaseSync, p: TablePrefix): void {
  for (const t of GENERATION_TABLES) db.exec(`DROP TABLE IF EXISTS ${p}${t}`)
}
