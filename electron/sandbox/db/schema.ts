import type { DatabaseSync } from 'node:sqlite'

/**
 * Resources are stored as a JSON document (`doc`) plus the indexed columns that lists filter and
 * sort on. Products keep their serialized JSON so a page of 1000 is spliced, not re-serialized.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS organisations (
  id INTEGER PRIMARY KEY, name TEXT NOT NULL, parent INTEGER, linked_account INTEGER NOT NULL,
  finance_type TEXT NOT NULL, currency TEXT NOT NULL, authorisation_limit REAL
);
CREATE TABLE IF NOT EXISTS addresses (id INTEGER PRIMARY KEY, organisation INTEGER NOT NULL, doc TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS addresses_org ON addresses (organisation);
CREATE TABLE IF NOT EXISTS country_codes (id INTEGER PRIMARY KEY, iso_code TEXT NOT NULL, name TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS shipping_types (
  id INTEGER PRIMARY KEY, name TEXT NOT NULL, cost REAL NOT NULL,
  countries TEXT NOT NULL DEFAULT '[]', exclude_countries INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS vendors (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS product_types (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS roles (id INTEGER PRIMARY KEY, name TEXT NOT NULL, parent INTEGER, permissions TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS products (
  id INTEGER PRIMARY KEY, product_code TEXT NOT NULL, sku_lc TEXT NOT NULL, name TEXT NOT NULL,
  search TEXT NOT NULL, vendor INTEGER, type INTEGER, price REAL NOT NULL, popularity INTEGER NOT NULL,
  partner INTEGER NOT NULL DEFAULT 0
);
-- The documents live apart, so filtering and text search scan small rows only.
CREATE TABLE IF NOT EXISTS product_docs (id INTEGER PRIMARY KEY, doc TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS users (
  id INTEGER PRIMARY KEY AUTOINCREMENT, organisation INTEGER NOT NULL, name TEXT NOT NULL,
  email_address TEXT NOT NULL, search TEXT NOT NULL, active INTEGER NOT NULL, verified INTEGER NOT NULL,
  password_reset INTEGER NOT NULL, doc TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS users_email ON users (email_address COLLATE NOCASE);
CREATE INDEX IF NOT EXISTS users_org ON users (organisation);
CREATE TABLE IF NOT EXISTS api_clients (
  id INTEGER PRIMARY KEY AUTOINCREMENT, user INTEGER NOT NULL, name TEXT NOT NULL,
  client_id TEXT NOT NULL UNIQUE, secret_hash TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tokens (
  hash TEXT PRIMARY KEY, client_id TEXT NOT NULL, user INTEGER NOT NULL,
  expires_at INTEGER NOT NULL, revoked INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS tokens_client ON tokens (client_id);
CREATE TABLE IF NOT EXISTS audit_logs (
  id INTEGER PRIMARY KEY AUTOINCREMENT, user INTEGER NOT NULL, target_user INTEGER, action TEXT NOT NULL,
  timestamp TEXT NOT NULL, ip_address TEXT NOT NULL, on_text TEXT NOT NULL, on_behalf INTEGER
);
CREATE INDEX IF NOT EXISTS audit_actor ON audit_logs (user);
CREATE INDEX IF NOT EXISTS audit_target ON audit_logs (target_user);
CREATE TABLE IF NOT EXISTS orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT, organisation INTEGER NOT NULL, status TEXT NOT NULL,
  date TEXT NOT NULL, total REAL NOT NULL, payment_type TEXT, name TEXT, name_lc TEXT,
  search TEXT NOT NULL, created_by INTEGER, resubmitted INTEGER NOT NULL DEFAULT 0, next_at INTEGER,
  doc TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS orders_org_status ON orders (organisation, status);
CREATE INDEX IF NOT EXISTS orders_date ON orders (date, id);
CREATE INDEX IF NOT EXISTS orders_next ON orders (next_at) WHERE next_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS orders_status ON orders (status, next_at);
CREATE TABLE IF NOT EXISTS product_groups (
  id INTEGER PRIMARY KEY AUTOINCREMENT, organisation INTEGER NOT NULL, name TEXT NOT NULL, doc TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS sequences (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
`

/** Indexes on products are built after the bulk insert: faster than maintaining them row by row. */
const PRODUCT_INDEXES = `
CREATE INDEX IF NOT EXISTS products_sku ON products (sku_lc);
CREATE INDEX IF NOT EXISTS products_vendor ON products (vendor);
CREATE INDEX IF NOT EXISTS products_type ON products (type);
CREATE INDEX IF NOT EXISTS products_popularity ON products (popularity DESC, id);
CREATE INDEX IF NOT EXISTS products_name ON products (name, id);
CREATE INDEX IF NOT EXISTS products_price ON products (price, id);
`

export function createSchema(db: DatabaseSync, onDisk: boolean): void {
  if (onDisk) db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;')
  db.exec('PRAGMA foreign_keys = OFF;')
  db.exec(SCHEMA)
  // Files made before shipping types carried their countries get the columns (seedShippingTypes fills them).
  const columns = db.prepare('PRAGMA table_info(shipping_types)').all() as { name: string }[]
  if (!columns.some((c) => c.name === 'countries')) {
    db.exec("ALTER TABLE shipping_types ADD COLUMN countries TEXT NOT NULL DEFAULT '[]'; ALTER TABLE shipping_types ADD COLUMN exclude_countries INTEGER NOT NULL DEFAULT 0;")
  }
}

export function createProductIndexes(db: DatabaseSync): void {
  db.exec(PRODUCT_INDEXES)
}
