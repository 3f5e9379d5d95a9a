import { join } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import { openDatabase, type Migration } from '../store/database'

/**
 * `<profileDir>/orders.db`: the watcher's last-known statuses (so a restart neither re-announces
 * nor misses a change), its recent changes, the last list pages and details read (offline), and the
 * local index of every order's list row.
 */
const migrations: Migration[] = [
  {
    version: 1,
    up: `
      CREATE TABLE known_orders (
        id INTEGER PRIMARY KEY,
        status TEXT NOT NULL,
        purchase_order_number TEXT,
        attention_required TEXT,
        changed_at INTEGER NOT NULL
      );
      CREATE INDEX known_orders_status ON known_orders (status);
      CREATE TABLE watch_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE recent_changes (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        order_id INTEGER NOT NULL,
        purchase_order_number TEXT,
        from_status TEXT,
        to_status TEXT NOT NULL,
        at INTEGER NOT NULL
      );
      CREATE TABLE list_pages (
        query_key TEXT NOT NULL,
        page INTEGER NOT NULL,
        per_page INTEGER NOT NULL,
        total INTEGER NOT NULL,
        pages INTEGER NOT NULL,
        rows TEXT NOT NULL,
        fetched_at INTEGER NOT NULL,
        PRIMARY KEY (query_key, page, per_page)
      );
      CREATE INDEX list_pages_age ON list_pages (fetched_at);
      CREATE TABLE order_details (id INTEGER PRIMARY KEY, body TEXT NOT NULL, fetched_at INTEGER NOT NULL);
      CREATE INDEX order_details_age ON order_details (fetched_at);
    `,
  },
  {
    // The local orders index: every order's list row, so the list filters, sorts and finds names
    // without asking the service (OrdersIndex).
    version: 2,
    up: `
      CREATE TABLE order_index (
        id INTEGER PRIMARY KEY,
        date TEXT NOT NULL,
        status TEXT NOT NULL,
        organisation INTEGER NOT NULL,
        total REAL NOT NULL,
        payment_type TEXT,
        search TEXT NOT NULL,
        row TEXT NOT NULL
      );
      CREATE INDEX order_index_date ON order_index (date, id);
      CREATE INDEX order_index_total ON order_index (total, id);
      CREATE INDEX order_index_status ON order_index (status, date);
    `,
  },
  {
    // Each indexed order's lines, shipping and discount (JSON), so an order never opened here reads
    // offline with them. A table of its own: every list query scans order_index, which stays as
    // narrow as before (about 2.7 KB more per order would be read with each filter). Orders indexed
    // before have none until the index reads them again (ROWS_VERSION, orders-index.ts).
    version: 3,
    up: `CREATE TABLE order_kept (id INTEGER PRIMARY KEY, kept TEXT NOT NULL);`,
  },
]

export function openOrdersDb(profileDir: string): DatabaseSync {
  return openDatabase(join(profileDir, 'orders.db'), migrations)
}
