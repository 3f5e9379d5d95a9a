import { randomUUID } from 'node:crypto'
import { existsSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { DatabaseSync } from 'node:sqlite'
import { DraftDoc, DraftLine, type DraftError, type DraftState, type ReviewLine } from '../../../shared/model/draft'
import { AppError } from '../../../shared/model/app-error'
import { isDamagedDatabase, openDatabase, transaction, type Migration } from '../store/database'
import { draftDocFromStored, storedDraftText, upgradeStoredDrafts } from './stored-draft'

/**
 * The outbox steps of a queued draft (see outbox.ts for the protocol):
 * create → price → submit, or update → price → submit when the basket already exists on the service.
 */
export type OutboxStep = 'create' | 'update' | 'price' | 'submit'

/** One row of `drafts`: the typed document (stored in its own versioned shape, stored-draft.ts) plus its outbox bookkeeping. */
export interface DraftRecord {
  id: string
  organisation: number | null
  doc: DraftDoc
  state: DraftState
  /** Written into the service basket's name; finds the basket again after a lost reply or a crash. */
  marker: string | null
  basketId: number | null
  orderId: number | null
  step: OutboxStep | null
  /** The step whose request may have reached the service: set BEFORE sending, cleared after the outcome is recorded. */
  inFlight: OutboxStep | null
  /** When in_flight was recorded: a request sent then may still be on its way until the grace period is over. */
  inFlightAt: number | null
  attempts: number
  nextAttemptAt: number
  /** When the first failed try of its tries since it was queued (or tried again by the rep) failed; null before one. */
  failingSince: number | null
  /** Whether the rep was told it is failing (said once per such run of tries, also across a restart). */
  failingSaid: boolean
  error: DraftError | null
  review: ReviewLine[] | null
  serviceTotal: number | null
  sourceBasketId: number | null
  /** The service it was made or last queued for (serviceOf): its ids, basket and addresses are that service's. */
  service: string | null
  createdAt: number
  updatedAt: number
}

interface Row {
  id: string
  organisation: number | null
  doc: string
  state: string
  marker: string | null
  basket_id: number | null
  order_id: number | null
  step: string | null
  in_flight: string | null
  in_flight_at: number | null
  attempts: number
  next_attempt_at: number
  failing_since: number | null
  failing_said: number
  error: string | null
  review: string | null
  service_total: number | null
  source_basket_id: number | null
  service: string | null
  created_at: number
  updated_at: number
}

const migrations: Migration[] = [
  {
    version: 1,
    up: `
      CREATE TABLE drafts (
        id TEXT PRIMARY KEY,
        organisation INTEGER,
        doc TEXT NOT NULL,
        state TEXT NOT NULL DEFAULT 'draft',
        marker TEXT UNIQUE,
        basket_id INTEGER,
        order_id INTEGER,
        step TEXT,
        in_flight TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL DEFAULT 0,
        error TEXT,
        review TEXT,
        service_total REAL,
        source_basket_id INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX drafts_state ON drafts(state);
      CREATE TABLE cache (key TEXT PRIMARY KEY, value TEXT NOT NULL, fetched_at INTEGER NOT NULL);
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
    `,
  },
  {
    version: 2,
    up: `ALTER TABLE drafts ADD COLUMN in_flight_at INTEGER;`,
  },
  {
    version: 3,
    up: `ALTER TABLE drafts ADD COLUMN service TEXT;`,
  },
  {
    // Drafts from before the service was recorded are the service the store last held (its cache's);
    // in a store that never held one, holdService gives them the first it holds.
    version: 4,
    up: `UPDATE drafts SET service = (SELECT value FROM meta WHERE key = 'service') WHERE service IS NULL;`,
  },
  {
    // Stored drafts get their own versioned shape (stored-draft.ts): every document becomes v2.
    version: 5,
    up: upgradeStoredDrafts,
  },
  {
    // 'Failing' is said by time as well as by tries (outbox.ts): a draft past the old 11th try was told already.
    version: 6,
    up: `
      ALTER TABLE drafts ADD COLUMN failing_since INTEGER;
      ALTER TABLE drafts ADD COLUMN failing_said INTEGER NOT NULL DEFAULT 0;
      UPDATE drafts SET failing_said = 1 WHERE attempts >= 11;
    `,
  },
]

const BASKETS_DB = 'baskets.db'

/** How long a look at a profile's drafts waits for a lock: it runs on the main process, which must not freeze. */
const LOOK_BUSY_TIMEOUT_MS = 250

/**
 * How many drafts of a profile's folder are not yet submitted (none when it has no drafts file), or
 * null when its drafts file cannot be read (damaged, not a database, not readable). A file in use
 * that stays locked past a short wait throws a conflict (field unsentDrafts 'busy'): its drafts are
 * not known, yet it is not damaged either, and a moment later it may be read.
 *
 * Never migrated, never written: the file is opened read-only. A file closed cleanly (no -wal or
 * -journal beside it, as BasketStore.close leaves it) is opened immutable, so that SQLite does not
 * create a -wal and -shm in the folder either. With a -wal beside it (open elsewhere, or left by a
 * crash, its last drafts possibly only there) it is read through the WAL, for which SQLite may add
 * the -shm it needs. Every schema version has `drafts.state`; a database without the table holds no drafts.
 */
export function unsentDraftsIn(profileDir: string): number | null {
  const path = join(profileDir, BASKETS_DB)
  if (!existsSync(path)) return 0
  const closed = !existsSync(`${path}-wal`) && !existsSync(`${path}-journal`)
  const location = pathToFileURL(path)
  if (closed) location.searchParams.set('immutable', '1')
  let db: DatabaseSync | undefined
  try {
    db = new DatabaseSync(location, { readOnly: true, timeout: LOOK_BUSY_TIMEOUT_MS })
    if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'drafts'").get()) return 0
    return Number((db.prepare("SELECT COUNT(*) AS n FROM drafts WHERE state <> 'submitted'").get() as { n: number }).n)
  } catch (err) {
    if (isBusy(err)) throw new AppError('conflict', 'The drafts of this connection are in use; try again in a moment.', { unsentDrafts: 'busy' })
    return null
  } finally {
    if (db?.isOpen) db.close()
  }
}

/** SQLITE_BUSY or SQLITE_LOCKED (node:sqlite's errcode is the extended code: its low byte is the primary one). */
function isBusy(err: unknown): boolean {
  const code = (err as { errcode?: unknown }).errcode
  return typeof code === 'number' && [SQLITE_BUSY, SQLITE_LOCKED].includes(code & 0xff)
}
const SQLITE_BUSY = 5
const SQLITE_LOCKED = 6

/**
 * A new run of tries (queued, or sent back to be queued again): no try made yet, none due later,
 * and its failing counted and said afresh (outbox.ts). patch() does the same for attempts: 0.
 */
const NEW_RUN_OF_TRIES = 'attempts = 0, next_attempt_at = 0, failing_since = NULL, failing_said = 0'

/**
 * A draft back in the user's hands with nothing of a service basket: no basket (or source basket)
 * id, no outbox step or request in flight, no price review. Its next submit creates a new basket.
 */
const AS_NEW_DRAFT = "state = 'draft', basket_id = NULL, source_basket_id = NULL, step = NULL, in_flight = NULL, in_flight_at = NULL, review = NULL, service_total = NULL"

/**
 * Opens a profile's drafts. A damaged drafts file is never deleted or written over: it is moved
 * aside (baskets.damaged-<time>.db, with its -wal and -shm), where support can still recover what
 * it holds, and an empty one takes its place; `movedAside` names it so the rep can be told.
 */
export function openBasketStore(profileDir: string, now: () => number): { store: BasketStore; movedAside: string | null } {
  try {
    const store = new BasketStore(profileDir, now)
    if (store.intact()) return { store, movedAside: null }
    store.close()
  } catch (err) {
    if (!isDamagedDatabase(err)) throw err
  }
  const path = join(profileDir, BASKETS_DB)
  const stamp = new Date(now()).toISOString().replace(/[:.]/g, '-')
  const aside = join(profileDir, `baskets.damaged-${stamp}.db`)
  renameSync(path, aside)
  for (const ext of ['-wal', '-shm', '-journal']) if (existsSync(path + ext)) renameSync(path + ext, aside + ext)
  return { store: new BasketStore(profileDir, now), movedAside: aside }
}

const EDITABLE: readonly DraftState[] = ['draft', 'rejected', 'needs_review', 'queued']

/**
 * Drafts and their outbox state in `<profileDir>/baskets.db`. Every edit is one committed
 * transaction (WAL + synchronous=FULL), so whatever was typed survives a crash of the app.
 */
export class BasketStore {
  readonly db: DatabaseSync
  /**
   * The documents last read or written, by draft, with the text they came from: a keystroke in a
   * draft of 1,000 lines reads its row several times (the edit, its answer, the change event) and
   * parses it none of them. The text read is compared each time, so a write by anything else (the
   * outbox, another connection to the file) is parsed afresh. Frozen: the same document goes to
   * every reader, and none may change it in place.
   */
  private readonly parsed = new Map<string, { text: string; doc: DraftDoc }>()

  constructor(
    profileDir: string,
    private readonly now: () => number,
  ) {
    this.db = openDatabase(join(profileDir, BASKETS_DB), migrations)
  }

  close(): void {
    if (this.db.isOpen) this.db.close()
  }

  /** SQLite's own check of the file (quick: a drafts file is small). */
  intact(): boolean {
    try {
      const rows = this.db.prepare('PRAGMA quick_check').all() as { quick_check: string }[]
      return rows.length === 1 && rows[0]!.quick_check === 'ok'
    } catch (err) {
      if (isDamagedDatabase(err)) return false
      throw err
    }
  }

  create(organisation: number | null, service: string, doc: Partial<DraftDoc> = {}, sourceBasketId: number | null = null): DraftRecord {
    const id = randomUUID()
    const t = this.now()
    this.db
      .prepare('INSERT INTO drafts (id, organisation, doc, state, source_basket_id, service, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(id, organisation, storedDraftText(DraftDoc.parse(doc)), 'draft', sourceBasketId, service, t, t)
    return this.require(id)
  }

  get(id: string): DraftRecord | null {
    const row = this.db.prepare('SELECT * FROM drafts WHERE id = ?').get(id) as Row | undefined
    return row ? this.toRecord(row) : null
  }

  require(id: string): DraftRecord {
    const r = this.get(id)
    if (!r) throw new AppError('not_found', 'That draft no longer exists.').because({ code: 'draftGone' })
    return r
  }

  all(): DraftRecord[] {
    return (this.db.prepare('SELECT * FROM drafts ORDER BY updated_at DESC').all() as unknown as Row[]).map((r) => this.toRecord(r))
  }

  byState(...states: DraftState[]): DraftRecord[] {
    const q = `SELECT * FROM drafts WHERE state IN (${states.map(() => '?').join(',')}) ORDER BY created_at`
    return (this.db.prepare(q).all(...states) as unknown as Row[]).map((r) => this.toRecord(r))
  }

  counts(): Record<DraftState, number> {
    const out: Record<DraftState, number> = { draft: 0, queued: 0, sending: 0, needs_review: 0, rejected: 0, submitted: 0 }
    for (const r of this.db.prepare('SELECT state, COUNT(*) AS n FROM drafts GROUP BY state').all() as { state: DraftState; n: number }[]) out[r.state] = r.n
    return out
  }

  /**
   * Applies an edit to the typed document: `change` answers the new document (the one it is given
   * is frozen). A queued draft the outbox has not picked up yet goes back to 'draft' (the user
   * submits it again); one being sent or already submitted cannot change.
   */
  edit(id: string, change: (doc: DraftDoc, rec: DraftRecord) => DraftDoc): DraftRecord {
    return this.write(id, (rec) => DraftDoc.parse(change(rec.doc, rec)))
  }

  /**
   * An edit of one line (its key's), as `edit` makes it: only that line is checked, the others
   * being as they were read (a keystroke in a draft of 1,000 lines checks one). Answers the record
   * and the line's index.
   */
  editLine(id: string, key: string, change: (line: DraftLine) => DraftLine): { rec: DraftRecord; index: number } {
    let index = -1
    const rec = this.write(id, ({ doc }) => {
      index = doc.line_items.findIndex((l) => l.key === key)
      if (index < 0) throw new AppError('not_found', 'That line is no longer on the draft.').because({ code: 'lineGone' })
      return { ...doc, line_items: doc.line_items.with(index, DraftLine.parse(change(doc.line_items[index]!))) }
    })
    return { rec, index }
  }

  /** Writes the document `next` makes of the draft: serialised once, and kept parsed for the next reading. */
  private write(id: string, next: (rec: DraftRecord) => DraftDoc): DraftRecord {
    return transaction(this.db, () => {
      const rec = this.require(id)
      if (!EDITABLE.includes(rec.state)) {
        throw rec.state === 'submitted'
          ? new AppError('conflict', 'This basket has been submitted; it cannot change any more.').because({ code: 'draftSubmitted' })
          : new AppError('conflict', 'This basket is being sent right now; try again in a moment.').because({ code: 'draftSending' })
      }
      assertNotSubmitting(rec)
      const doc = next(rec)
      const text = storedDraftText(doc)
      const state: DraftState = rec.state === 'queued' || rec.state === 'needs_review' ? 'draft' : rec.state
      this.db
        .prepare('UPDATE drafts SET doc = ?, state = ?, step = CASE WHEN ? = \'draft\' THEN NULL ELSE step END, updated_at = ? WHERE id = ?')
        .run(text, state, state, this.now(), id)
      this.remember(id, text, doc)
      return this.require(id)
    })
  }

  setOrganisation(id: string, organisation: number): DraftRecord {
    return transaction(this.db, () => {
      const rec = this.require(id)
      if (rec.state === 'sending' || rec.state === 'submitted') throw new AppError('conflict', 'The organisation of a basket being sent or submitted cannot change.')
      if ((rec.basketId !== null || rec.inFlight !== null) && rec.organisation !== organisation) {
        throw new AppError('conflict', 'This basket already exists on the service for another organisation; start a new draft for this one.')
      }
      this.db.prepare('UPDATE drafts SET organisation = ?, state = CASE WHEN state = \'queued\' THEN \'draft\' ELSE state END, updated_at = ? WHERE id = ?').run(organisation, this.now(), id)
      return this.require(id)
    })
  }

  remove(id: string): boolean {
    return transaction(this.db, () => {
      const rec = this.get(id)
      if (!rec) return false
      if (rec.state === 'sending' || rec.state === 'queued') throw new AppError('conflict', 'This basket is in the outbox; take it out (edit it) before deleting it.')
      // A draft whose basket may exist on the service is the only record of it: keep it until it is settled.
      if (rec.inFlight !== null) throw new AppError('conflict', 'The service may be holding this basket; wait until the outbox has settled it.')
      this.db.prepare('DELETE FROM drafts WHERE id = ?').run(id)
      if (this.currentId() === id) this.setCurrent(null)
      return true
    })
  }

  /** Moves a draft into the outbox: valid content is checked by the caller. */
  queue(id: string, marker: string, snapshot: DraftDoc, service: string): DraftRecord {
    return transaction(this.db, () => {
      const rec = this.require(id)
      if (!['draft', 'rejected', 'needs_review'].includes(rec.state)) throw new AppError('conflict', `A basket that is ${rec.state.replace('_', ' ')} cannot be submitted again.`)
      const step: OutboxStep = rec.basketId !== null || rec.sourceBasketId !== null ? 'update' : 'create'
      this.db
        .prepare(`UPDATE drafts SET state = 'queued', doc = ?, marker = COALESCE(marker, ?), basket_id = COALESCE(basket_id, source_basket_id), step = COALESCE(in_flight, ?), ${NEW_RUN_OF_TRIES}, error = NULL, review = NULL, service = ?, updated_at = ? WHERE id = ?`)
        .run(storedDraftText(snapshot), marker, step, service, this.now(), id)
      return this.require(id)
    })
  }

  /** Takes a draft back out of the outbox (or out of review / rejection) for editing. */
  unqueue(id: string): DraftRecord {
    return transaction(this.db, () => {
      const rec = this.require(id)
      if (rec.state === 'sending' || rec.state === 'submitted') throw new AppError('conflict', 'This basket is being sent or was submitted; it cannot be taken back.')
      assertNotSubmitting(rec)
      this.db.prepare('UPDATE drafts SET state = \'draft\', updated_at = ? WHERE id = ?').run(this.now(), id)
      return this.require(id)
    })
  }

  /**
   * A draft queued for another service than the profile's now goes back to the user to check: its
   * basket (or the one it was copied from) was that service's, so the next submit starts afresh.
   * The typed document stays as it is.
   */
  returnFromOtherService(id: string, error: DraftError): void {
    this.db
      .prepare(`UPDATE drafts SET ${AS_NEW_DRAFT}, ${NEW_RUN_OF_TRIES}, error = ?, updated_at = ? WHERE id = ?`)
      .run(JSON.stringify(error), this.now(), id)
  }

  /**
   * The user's "use with this service" on a draft of another: it becomes this service's, and the
   * old service's basket ids go (a basket of that id here is another one), so the next submit
   * creates a new basket. Its organisation (an id of the old service) goes too, and `rehome` makes
   * the document this service's; when it cannot (it answers null), nothing changes and null is
   * answered. A draft already this service's keeps its ids (a second click takes nothing chosen since).
   */
  useWithService(id: string, service: string, rehome: (rec: DraftRecord) => DraftDoc | null): DraftRecord | null {
    return transaction(this.db, () => {
      const rec = this.require(id)
      if (rec.state !== 'draft' && rec.state !== 'rejected') throw new AppError('conflict', 'Take this basket back for editing first.')
      assertNotSubmitting(rec)
      if (rec.service === null || rec.service === service) {
        // Back on the service it was made for: only the notice that it was another's goes.
        if (rec.error?.code === 'other_service') this.db.prepare('UPDATE drafts SET error = NULL, updated_at = ? WHERE id = ?').run(this.now(), id)
        return this.require(id)
      }
      const doc = rehome(rec)
      if (!doc) return null
      this.db
        .prepare(`UPDATE drafts SET ${AS_NEW_DRAFT}, service = ?, organisation = NULL, doc = ?, error = NULL, updated_at = ? WHERE id = ?`)
        .run(service, storedDraftText(DraftDoc.parse(doc)), this.now(), id)
      return this.require(id)
    })
  }

  /**
   * Outbox bookkeeping: a partial update of the non-document columns, in one statement. Attempts
   * set to 0 start a new run of tries: its failing is counted, and said, afresh.
   */
  patch(id: string, p: Partial<Pick<DraftRecord, 'state' | 'basketId' | 'orderId' | 'step' | 'inFlight' | 'attempts' | 'nextAttemptAt' | 'failingSince' | 'failingSaid' | 'error' | 'review' | 'serviceTotal' | 'doc'>>): void {
    const cols: string[] = []
    const vals: (string | number | null)[] = []
    const set = (col: string, v: string | number | null) => (cols.push(`${col} = ?`), vals.push(v))
    if (p.state !== undefined) set('state', p.state)
    if (p.basketId !== undefined) set('basket_id', p.basketId)
    if (p.orderId !== undefined) set('order_id', p.orderId)
    if (p.step !== undefined) set('step', p.step)
    if (p.inFlight !== undefined) {
      set('in_flight', p.inFlight)
      set('in_flight_at', p.inFlight === null ? null : this.now())
    }
    if (p.attempts !== undefined) set('attempts', p.attempts)
    if (p.attempts === 0) {
      set('failing_since', null)
      set('failing_said', 0)
    }
    if (p.nextAttemptAt !== undefined) set('next_attempt_at', p.nextAttemptAt)
    if (p.failingSince !== undefined) set('failing_since', p.failingSince)
    if (p.failingSaid !== undefined) set('failing_said', p.failingSaid ? 1 : 0)
    if (p.error !== undefined) set('error', p.error ? JSON.stringify(p.error) : null)
    if (p.review !== undefined) set('review', p.review ? JSON.stringify(p.review) : null)
    if (p.serviceTotal !== undefined) set('service_total', p.serviceTotal)
    if (p.doc !== undefined) set('doc', storedDraftText(p.doc))
    set('updated_at', this.now())
    this.db.prepare(`UPDATE drafts SET ${cols.join(', ')} WHERE id = ?`).run(...vals, id)
  }

  /**
   * Claims the next due queued draft for sending (state 'sending'). Atomic, so two passes of the
   * outbox never send the same draft.
   */
  claimNext(now: number, exclude: ReadonlySet<string>): DraftRecord | null {
    return transaction(this.db, () => {
      const rows = this.db.prepare('SELECT * FROM drafts WHERE state = \'queued\' AND next_attempt_at <= ? ORDER BY next_attempt_at, created_at LIMIT 50').all(now) as unknown as Row[]
      const row = rows.find((r) => !exclude.has(r.id))
      if (!row) return null
      this.db.prepare('UPDATE drafts SET state = \'sending\' WHERE id = ?').run(row.id)
      return this.toRecord({ ...row, state: 'sending' })
    })
  }

  /** After a crash, drafts left 'sending' go back to the queue; their in_flight step makes the outbox reconcile first. */
  recoverInterrupted(): number {
    return Number(this.db.prepare('UPDATE drafts SET state = \'queued\', next_attempt_at = 0 WHERE state = \'sending\'').run().changes)
  }

  /** Every queued draft becomes due now (the service is reachable again); answers how many wait. */
  makeQueueDue(): number {
    return Number(this.db.prepare('UPDATE drafts SET next_attempt_at = 0 WHERE state = \'queued\'').run().changes)
  }

  /**
   * The system clock was set back (a timezone fix, a wrong clock corrected): a queued draft's wait was
   * measured from a time that is now in the future, and would last hours longer than meant. Each such
   * wait is moved to start now (written at updated_at, it keeps its length), and a request in flight
   * "sent" in that future counts as sent now, so its grace period is whole. Answers how many moved.
   */
  rebaseAfterClockBack(now: number): number {
    return Number(
      this.db
        .prepare(
          "UPDATE drafts SET next_attempt_at = ? + MAX(0, next_attempt_at - updated_at), in_flight_at = CASE WHEN in_flight_at > ? THEN ? ELSE in_flight_at END, updated_at = ? WHERE state = 'queued' AND updated_at > ?",
        )
        .run(now, now, now, now, now).changes,
    )
  }

  nextDueAt(): number | null {
    const row = this.db.prepare('SELECT MIN(next_attempt_at) AS t FROM drafts WHERE state = \'queued\'').get() as { t: number | null }
    return row.t
  }

  currentId(): string | null {
    const row = this.db.prepare('SELECT value FROM meta WHERE key = \'current\'').get() as { value: string | null } | undefined
    return row?.value ?? null
  }

  setCurrent(id: string | null): void {
    this.db.prepare('INSERT INTO meta (key, value) VALUES (\'current\', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(id)
  }

  /**
   * The cached reference lists are one service's: when the profile now connects to another, they
   * go (the drafts stay; the outbox returns those queued for the old one). A cache from before the
   * service was recorded is taken to be its.
   */
  holdService(service: string): void {
    const row = this.db.prepare('SELECT value FROM meta WHERE key = \'service\'').get() as { value: string | null } | undefined
    if (row?.value === service) return
    transaction(this.db, () => {
      // The first service a store holds: its drafts from before the service was recorded are this one's (migration 4 did the others).
      if (!row) this.db.prepare('UPDATE drafts SET service = ? WHERE service IS NULL').run(service)
      if (row?.value) this.db.exec('DELETE FROM cache')
      this.db.prepare('INSERT INTO meta (key, value) VALUES (\'service\', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(service)
    })
  }

  cacheGet<T>(key: string): { value: T; fetchedAt: number } | null {
    const row = this.db.prepare('SELECT value, fetched_at FROM cache WHERE key = ?').get(key) as { value: string; fetched_at: number } | undefined
    return row ? { value: JSON.parse(row.value) as T, fetchedAt: row.fetched_at } : null
  }

  cacheSet(key: string, value: unknown): void {
    this.db
      .prepare('INSERT INTO cache (key, value, fetched_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, fetched_at = excluded.fetched_at')
      .run(key, JSON.stringify(value), this.now())
  }

  /** The document a row's text holds: parsed once per text (see `parsed`). */
  private docOf(id: string, text: string): DraftDoc {
    const known = this.parsed.get(id)
    if (known?.text === text) return known.doc
    return this.remember(id, text, draftDocFromStored(text))
  }

  private remember(id: string, text: string, doc: DraftDoc): DraftDoc {
    // Most recently used last; a rep works in a few drafts, the list reads them all once.
    this.parsed.delete(id)
    this.parsed.set(id, { text, doc: deepFreeze(doc) })
    if (this.parsed.size > PARSED_KEPT) this.parsed.delete(this.parsed.keys().next().value!)
    return doc
  }

  private toRecord(r: Row): DraftRecord {
    return {
      id: r.id,
      organisation: r.organisation,
      doc: this.docOf(r.id, r.doc),
      state: r.state as DraftState,
      marker: r.marker,
      basketId: r.basket_id,
      orderId: r.order_id,
      step: r.step as OutboxStep | null,
      inFlight: r.in_flight as OutboxStep | null,
      inFlightAt: r.in_flight_at,
      attempts: r.attempts,
      nextAttemptAt: r.next_attempt_at,
      failingSince: r.failing_since,
      failingSaid: r.failing_said === 1,
      error: parseJson<DraftError>(r.error),
      review: parseJson<ReviewLine[]>(r.review),
      serviceTotal: r.service_total,
      sourceBasketId: r.source_basket_id,
      service: r.service,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }
  }
}

/** How many drafts' parsed documents are kept. */
const PARSED_KEPT = 64

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value
  for (const v of Object.values(value)) deepFreeze(v)
  return Object.freeze(value)
}

/** While a submit may have reached the service, the draft's content is what was (maybe) ordered: it cannot change. */
function assertNotSubmitting(rec: DraftRecord): void {
  if (rec.inFlight === 'submit') throw new AppError('conflict', 'The service may already have placed this order; the app is checking. Try again once it is settled.').because({ code: 'orderMayBePlaced' })
}

function parseJson<T>(text: string | null): T | null {
  if (text === null) return null
  try {
    return JSON.parse(text) as T
  } catch {
    return null
  }
}
