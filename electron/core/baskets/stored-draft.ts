import type { DatabaseSync } from 'node:sqlite'
import { DraftDoc } from '../../../shared/model/draft'

/**
 * A draft's document as the drafts file stores it (the `doc` column): its own shape, with a version,
 * apart from the model's DraftDoc that the core and the renderer work with.
 *
 * - v1 (the app up to stored drafts' versioning): the DraftDoc JSON as it was, without a version.
 * - v2: the same fields and an explicit `schemaVersion: 2`. An app of v1 still reads a v2 document
 *   (it ignores the version), so going back to an older release loses no draft.
 *
 * A change of the model that an older document would not parse into (a renamed or restructured
 * field) takes a new version here and a step in UPGRADES; the fixture test of v1 files
 * (stored-draft-upgrade.test.ts) keeps every older document opening unchanged.
 */
export const STORED_DRAFT_VERSION = 2

type StoredJson = Record<string, unknown>

/** Each step brings a document of version N to N + 1. */
const UPGRADES: Record<number, (doc: StoredJson) => StoredJson> = {
  1: (v1) => ({ ...v1, schemaVersion: 2 }),
}

/** Which version a stored document is: no version is v1. */
function versionOf(json: StoredJson): number {
  const v = json.schemaVersion
  return typeof v === 'number' && Number.isInteger(v) && v >= 1 ? v : 1
}

/** A stored document of any known version brought to the current one; null when it is not a document at all. */
export function upgradeStoredDraft(json: unknown): StoredJson | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null
  let doc = json as StoredJson
  for (let v = versionOf(doc); v < STORED_DRAFT_VERSION; v = versionOf(doc)) doc = UPGRADES[v]!(doc)
  return doc
}

/** What the `doc` column gets for a draft document. */
export function storedDraftText(doc: DraftDoc): string {
  return JSON.stringify({ schemaVersion: STORED_DRAFT_VERSION, ...doc })
}

/**
 * The draft document a `doc` column holds, of whichever version. One that cannot be read (not JSON,
 * not a draft) opens as an empty draft, as it always has: the row and its outbox state stay.
 */
export function draftDocFromStored(text: string | null): DraftDoc {
  let json: unknown = null
  try {
    json = text === null ? null : JSON.parse(text)
  } catch {
    json = null
  }
  const upgraded = upgradeStoredDraft(json)
  if (!upgraded) return DraftDoc.parse({})
  const { schemaVersion: _version, ...fields } = upgraded
  const doc = DraftDoc.safeParse(fields)
  return doc.success ? doc.data : DraftDoc.parse({})
}

/**
 * The drafts file's migration to stored drafts v2: every document written before is rewritten in
 * the current shape (the same content; a document that is not JSON is left as it is, for the
 * reader to open as it always has).
 */
export function upgradeStoredDrafts(db: DatabaseSync): void {
  const rows = db.prepare('SELECT id, doc FROM drafts').all() as { id: string; doc: string }[]
  const write = db.prepare('UPDATE drafts SET doc = ? WHERE id = ?')
  for (const row of rows) {
    let json: unknown
    try {
      json = JSON.parse(row.doc)
    } catch {
      continue
    }
    const upgraded = upgradeStoredDraft(json)
    if (upgraded && upgraded !== json) write.run(JSON.stringify(upgraded), row.id)
  }
}
