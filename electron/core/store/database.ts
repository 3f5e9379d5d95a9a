import { DatabaseSync } from 'node:sqlite'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'

/** A numbered schema step; applied once, in order, inside a transaction. A data step (rewriting stored documents) is a function. */
export interface Migration {
  version: number
  up: string | ((db: DatabaseSync) => void)
}

/**
 * Opens a SQLite file with the durability the app promises (WAL, synchronous=FULL: an autosaved
 * draft survives a crash or a power cut) and brings its schema up to date.
 */
export function openDatabase(path: string, migrations: readonly Migration[]): DatabaseSync {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const db = new DatabaseSync(path)
  try {
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;')
    migrate(db, migrations)
  } catch (err) {
    // A damaged file: closed, so the caller can move it aside.
    db.close()
    throw err
  }
  return db
}

function migrate(db: DatabaseSync, migrations: readonly Migration[]): void {
  const current = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version)
  const pending = [...migrations].sort((a, b) => a.version - b.version).filter((m) => m.version > current)
  for (const m of pending) {
    transaction(db, () => {
      if (typeof m.up === 'string') db.exec(m.up)
      else m.up(db)
      db.exec(`PRAGMA user_version = ${Math.trunc(m.version)}`)
    })
  }
}

/** Runs fn in one transaction; rolls back if it throws. Not re-entrant. */
export function transaction<T>(db: DatabaseSync, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE')
  try {
    const result = fn()
    db.exec('COMMIT')
    return result
  } catch (err) {
    // SQLite has already rolled back after some errors (a full disk, SQLITE_FULL): a second
    // ROLLBACK would throw and hide the error that explains what happened.
    if (db.isTransaction) db.exec('ROLLBACK')
    throw err
  }
}

/** SQLITE_CORRUPT or SQLITE_NOTADB: the file is damaged or is not a database at all. */
export function isDamagedDatabase(err: unknown): boolean {
  const code = (err as { errcode?: unknown } | null)?.errcode
  return typeof code === 'number' && [11, 26].includes(code & 0xff)
}
