import type { DatabaseSync } from 'node:sqlite'
import { join } from 'node:path'
import { openDatabase, type Migration } from './database'

/** The app-wide database: connection profiles and preferences. Domain data lives per profile. */
const migrations: Migration[] = [
  {
    version: 1,
    up: `
      CREATE TABLE profiles (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        base_url TEXT NOT NULL,
        client_id TEXT NOT NULL,
        demo INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `,
  },
]

export function openAppStore(dataDir: string): DatabaseSync {
  return openDatabase(join(dataDir, 'app.db'), migrations)
}

/** Small typed key/value preferences (JSON) in the app database. */
export class Settings {
  constructor(private readonly db: DatabaseSync) {}
  get<T>(key: string, fallback: T): T {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined
    if (!row) return fallback
    try {
      return JSON.parse(row.value) as T
    } catch {
      return fallback
    }
  }
  set(key: string, value: unknown): void {
    this.db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, JSON.stringify(value))
  }
  delete(key: string): void {
    this.db.prepare('DELETE FROM settings WHERE key = ?').run(key)
  }
  /** Every setting of one profile: a setting kept per profile is keyed `<what>:<profile id>`. */
  deleteProfile(profileId: string): void {
    const suffix = `:${profileId}`
    this.db.prepare('DELETE FROM settings WHERE substr(key, -?) = ?').run(suffix.length, suffix)
  }
}
