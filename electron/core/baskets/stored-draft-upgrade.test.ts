import { cpSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { DraftDoc } from '../../../shared/model/draft'
import { BasketStore } from './basket-store'
import { draftDocFromStored, STORED_DRAFT_VERSION, storedDraftText, upgradeStoredDraft } from './stored-draft'

/** A drafts file written by the app before stored drafts had a version (fixtures/drafts-v1/README.md). */
const FIXTURE = join(import.meta.dirname, 'fixtures', 'drafts-v1')
const recorded = JSON.parse(readFileSync(join(FIXTURE, 'expected.json'), 'utf8')) as { currentId: string; counts: Record<string, number>; drafts: { id: string; doc: unknown; attempts: number }[] }
/** What opens: the recorded drafts, with the outbox's later columns (schema 6: whether 'failing' was said, by the 11th try then). */
const expected = { ...recorded, drafts: recorded.drafts.map((d) => ({ ...d, failingSince: null, failingSaid: d.attempts >= 11 })) }

/** A copy of the fixture's profile folder: the committed file is never opened in place. */
function profileFromFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wd-stored-draft-'))
  cpSync(join(FIXTURE, 'baskets.db'), join(dir, 'baskets.db'))
  return dir
}

function rawDocs(dir: string): { version: number; docs: Record<string, Record<string, unknown>> } {
  const db = new DatabaseSync(join(dir, 'baskets.db'), { readOnly: true })
  try {
    const version = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version)
    const rows = db.prepare('SELECT id, doc FROM drafts').all() as { id: string; doc: string }[]
    return { version, docs: Object.fromEntries(rows.map((r) => [r.id, JSON.parse(r.doc) as Record<string, unknown>])) }
  } finally {
    db.close()
  }
}

function opened<T>(dir: string, fn: (store: BasketStore) => T): T {
  const store = new BasketStore(dir, () => Date.UTC(2026, 10, 25))
  try {
    return fn(store)
  } finally {
    store.close()
  }
}

describe('a drafts file saved by the app before stored drafts had a version', () => {
  it('is what the fixture says: schema 4, documents without a version', () => {
    const { version, docs } = rawDocs(profileFromFixture())
    expect(version).toBe(4)
    expect(Object.keys(docs)).toHaveLength(expected.drafts.length)
    for (const doc of Object.values(docs)) expect(doc).not.toHaveProperty('schemaVersion')
  })

  it('opens unchanged: every draft, every field of its document and its outbox state, the current draft and the counts', () => {
    const dir = profileFromFixture()
    const read = opened(dir, (store) => ({ currentId: store.currentId(), counts: store.counts(), drafts: store.all() }))
    expect(read.drafts.map((d) => d.id)).toEqual(expected.drafts.map((d) => d.id))
    for (const [i, draft] of read.drafts.entries()) expect(draft).toEqual(expected.drafts[i])
    expect(read).toEqual(expected)
    // And again at the next start, from the upgraded file.
    expect(opened(dir, (store) => ({ currentId: store.currentId(), counts: store.counts(), drafts: store.all() }))).toEqual(expected)
  })

  it('is upgraded in the file: every document stored as v2, with the content it had', () => {
    const dir = profileFromFixture()
    const before = rawDocs(dir).docs
    opened(dir, () => undefined)
    const after = rawDocs(dir)
    expect(after.version).toBe(6)
    for (const [id, doc] of Object.entries(after.docs)) expect(doc).toEqual({ ...before[id], schemaVersion: STORED_DRAFT_VERSION })
  })

  it('stays readable by the release before (which reads a document as the model\'s DraftDoc and ignores the version)', () => {
    const dir = profileFromFixture()
    opened(dir, () => undefined)
    const { docs } = rawDocs(dir)
    for (const d of expected.drafts) expect(DraftDoc.parse(docs[d.id])).toEqual(d.doc)
  })

  it('keeps working: an upgraded draft is edited and saved in the new shape, the rest of it as it was', () => {
    const dir = profileFromFixture()
    const full = expected.drafts.find((d) => d.id === expected.currentId)!
    const edited = opened(dir, (store) => store.edit(full.id, (doc) => ({ ...doc, purchase_order_number: 'PO-NEW' })))
    expect(edited.doc).toEqual({ ...(full.doc as DraftDoc), purchase_order_number: 'PO-NEW' })
    expect(rawDocs(dir).docs[full.id]).toMatchObject({ schemaVersion: 2, purchase_order_number: 'PO-NEW', line_items: (full.doc as DraftDoc).line_items.map((l) => ({ key: l.key })) })
  })
})

describe('stored draft documents', () => {
  it('bring a v1 document to the current version and leave a current one as it is', () => {
    expect(upgradeStoredDraft({ name: 'A', line_items: [] })).toEqual({ name: 'A', line_items: [], schemaVersion: 2 })
    const v2 = { name: 'B', schemaVersion: 2 }
    expect(upgradeStoredDraft(v2)).toBe(v2)
  })

  it('round-trip a document through the stored text', () => {
    const doc = DraftDoc.parse({ name: 'Été', line_items: [{ key: 'k', product: 5, quantity: 2, estimate: { unit: 1.5, asOf: null } }] })
    expect(JSON.parse(storedDraftText(doc))).toMatchObject({ schemaVersion: 2, name: 'Été' })
    expect(draftDocFromStored(storedDraftText(doc))).toEqual(doc)
  })

  it('open a document that cannot be read as an empty draft, as before', () => {
    for (const text of ['not json', '[]', 'null', '{"line_items": "oops"}', null]) expect(draftDocFromStored(text)).toEqual(DraftDoc.parse({}))
  })
})
