import { join } from 'node:path'
import type { Migration } from '../store/database'

/**
 * The catalogue of a profile is a rebuildable cache of the service's catalogue, in three files:
 * - `catalogue.db`: bookkeeping only (which generation is live, the sync in progress, statistics);
 * - `catalogue-g<N>-rows.db`: generation N's products, the product pages as the service sent them,
 *   product groups and facet counts;
 * - `catalogue-g<N>-text.db`: generation N's full-text index and its vocabulary.
 * Search reads the live generation's two files, attached to the bookkeeping connection. A sync
 * writes the next generation's two files from two threads at once (see sync-worker-source.ts) and
 * makes them live with one committed row of bookkeeping, so a crash or a lost connection mid-sync
 * never touches what search reads.
 */
export const catalogueMigrations: Migration[] = [
  {
    version: 1,
    up: `
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE sync_pages (page INTEGER PRIMARY KEY, products INTEGER NOT NULL, invalid INTEGER NOT NULL);
    `,
  },
  {
    // Generations moved to files of their own (layout 4); stored pages are recorded there.
    version: 2,
    up: 'DROP TABLE sync_pages;',
  },
]

/** Bumped when the generation files change shape: the cache is then rebuilt by the next sync. */
export const GENERATION_LAYOUT = 6

/** The files of one generation, beside catalogue.db. */
export interface GenerationFiles {
  rows: string
  text: string
  pages: string
}

export function generationFiles(dir: string, gen: number): GenerationFiles {
  return { rows: join(dir, `catalogue-g${gen}-rows.db`), text: join(dir, `catalogue-g${gen}-text.db`), pages: join(dir, `catalogue-g${gen}-pages.db`) }
}

/**
 * Matches every generation file name (for sweeping files no generation owns any more), the text
 * thread's stash of descriptions waiting to be indexed included (sync-worker-source.ts).
 */
export const GENERATION_FILE = /^catalogue-g(\d+)-(rows|text|pages)\.db(-journal|-wal|-shm|-stash)?$/

/**
 * Set before the first table: 16 KiB pages halve the B-tree work of a bulk load. The shadow files
 * are written without fsync while loading, in WAL mode: the log keeps them whole if the app is
 * killed, and search reads the pages that have landed while the workers go on writing (a reader
 * never blocks the writer, nor the writer a reader). The final transaction is synchronous=FULL, so
 * a generation is on disk before it goes live.
 * A bulk append revisits few pages, so a small page cache costs no time; the index builds' sorts
 * spill to temporary files rather than to memory (the sync's memory target is the whole process).
 */
export const LOAD_PRAGMAS = 'PRAGMA page_size = 16384; PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF; PRAGMA cache_size = -2000; PRAGMA busy_timeout = 5000;'

export const ROWS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS product (
    -- position in the service's -popularity order at sync time (1 = most popular); also the
    -- full-text rowid, so text matches come out most popular first and a page stops early.
    -- The record itself is element (pos - 1) % per_page of page (pos - 1) / per_page + 1.
    pos INTEGER PRIMARY KEY,
    -- unique: the rows worker keeps the first copy; the unique index comes with the others, after the load
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
    -- 1: the product failed the schema check; what could be read is stored (readablePart)
    partial INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE IF NOT EXISTS product_group (id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_norm TEXT NOT NULL, data TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS group_member (
    group_id INTEGER NOT NULL,
    position INTEGER NOT NULL,
    product_id INTEGER NOT NULL,
    PRIMARY KEY (group_id, position)
  ) WITHOUT ROWID;
  -- Vendor and type records are "not shown" by the spec: only the ids the products carry, with counts.
  CREATE TABLE IF NOT EXISTS vendor (id INTEGER PRIMARY KEY, products INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS product_type (id INTEGER PRIMARY KEY, products INTEGER NOT NULL);
  -- Pages stored, in the same transaction as their products: what a resumed sync skips.
  CREATE TABLE IF NOT EXISTS rows_page (page INTEGER PRIMARY KEY, products INTEGER NOT NULL, invalid INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS rows_meta (key TEXT PRIMARY KEY, value) WITHOUT ROWID;
`

/**
 * The pages file: each page of listProducts exactly as the service sent it (UTF-8 JSON), so every
 * field of spec 2.7 round-trips, and storing 100 pages costs a fraction of splitting them into
 * 100,000 records. A file of its own with a rollback journal: 150 MB of text through a WAL would
 * be written twice and checksummed (measured: the load 2-3x slower), and search never reads it.
 */
export const PAGES_PRAGMAS = 'PRAGMA page_size = 16384; PRAGMA journal_mode = DELETE; PRAGMA synchronous = OFF; PRAGMA cache_size = -2000; PRAGMA busy_timeout = 5000;'
export const PAGES_SCHEMA = `
  CREATE TABLE IF NOT EXISTS page (page INTEGER PRIMARY KEY, json BLOB NOT NULL);
  -- The ETag the service sent with a page, if any: a refresh asks whether the page changed (If-None-Match).
  CREATE TABLE IF NOT EXISTS page_etag (page INTEGER PRIMARY KEY, etag TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS pages_meta (key TEXT PRIMARY KEY, value) WITHOUT ROWID;
`

/**
 * Indexes of the rows file, built after the bulk load (several times faster than during it), the
 * SKU's too: while a first sync's pages land, its search scans the landed rows instead (tens of
 * milliseconds for 100,000), and keeping that index up to date as they landed cost about a third
 * of storing the rows (measured: 100,000 rows stored in 0.46-0.62 s with it, 0.32 s without).
 */
export const ROWS_INDEXES = `
  CREATE UNIQUE INDEX IF NOT EXISTS product_id ON product (id);
  CREATE INDEX IF NOT EXISTS product_sku ON product (sku_norm, pos);
  CREATE INDEX IF NOT EXISTS product_name ON product (name_norm, pos);
  CREATE INDEX IF NOT EXISTS product_price ON product (price, pos);
  CREATE INDEX IF NOT EXISTS product_vendor ON product (vendor, pos);
  CREATE INDEX IF NOT EXISTS product_type_pos ON product (type, pos);
  CREATE INDEX IF NOT EXISTS group_member_product ON group_member (product_id);
`

/** Facet counts, once every product is stored. */
export const ROWS_FACETS = `
  DELETE FROM vendor; DELETE FROM product_type;
  INSERT INTO vendor (id, products) SELECT coalesce(vendor, -1), count(*) FROM product GROUP BY vendor;
  INSERT INTO product_type (id, products) SELECT coalesce(type, -1), count(*) FROM product GROUP BY type;
`

export const TEXT_SCHEMA = `
  -- body = description, detailed and featured description. detail=column keeps column filters
  -- (name and SKU matches rank first) at a fraction of the size of full positions.
  CREATE VIRTUAL TABLE IF NOT EXISTS product_fts USING fts5(
    name, sku, body, content = '', detail = column, columnsize = 0, tokenize = 'unicode61 remove_diacritics 2'
  );
  -- The full-text vocabulary with document counts: a typed prefix becomes the few words it
  -- starts, which the index reads lazily, instead of a prefix query that merges them all up front.
  CREATE TABLE IF NOT EXISTS term (term TEXT PRIMARY KEY, docs INTEGER NOT NULL) WITHOUT ROWID;
  -- Pages whose products' whole text is in product_fts. A sync makes products findable by SKU and
  -- name as their rows land (search scans a first sync's landed names meanwhile); their text is
  -- indexed once every page has landed, from the text thread's stash or, for a page it lacks
  -- there, from the stored page.
  CREATE TABLE IF NOT EXISTS body_page (page INTEGER PRIMARY KEY);
`

/**
 * Whether a text file was written before name_fts (an interrupted sync of an earlier version,
 * whose text_page meant the whole text): such a sync starts over rather than resume (checked
 * before TEXT_SCHEMA runs).
 */
export const TEXT_FILE_OLDER = "SELECT (SELECT count(*) FROM sqlite_master WHERE name = 'text_page') AND NOT (SELECT count(*) FROM sqlite_master WHERE name = 'body_page') AS older"

/**
 * While loading, segments are not merged incrementally (finish() merges them once), the pending
 * terms of several pages are flushed as one segment, and leaves are 8000 bytes (pages are 16 KiB).
 */
export const TEXT_LOAD_SETTINGS = `
  INSERT INTO product_fts (product_fts, rank) VALUES ('automerge', 0);
  INSERT INTO product_fts (product_fts, rank) VALUES ('crisismerge', 2000);
  INSERT INTO product_fts (product_fts, rank) VALUES ('pgsz', 8000);
  INSERT INTO product_fts (product_fts, rank) VALUES ('hashsize', 8388608);
`

/**
 * One b-tree instead of a segment per flush (fewer lookups per query), then the vocabulary. An
 * interrupted sync of an earlier version also left a names-only index and its pages' list.
 */
export const TEXT_FINISH = `
  DROP TABLE IF EXISTS name_fts;
  DROP TABLE IF EXISTS text_page;
  INSERT INTO product_fts (product_fts) VALUES ('optimize');
  DELETE FROM term;
  CREATE VIRTUAL TABLE IF NOT EXISTS temp.vocab USING fts5vocab(main, product_fts, row);
  INSERT INTO term (term, docs) SELECT term, doc FROM temp.vocab;
  DROP TABLE temp.vocab;
`
