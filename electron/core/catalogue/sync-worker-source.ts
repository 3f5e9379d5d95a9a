import { numberSpelled, Product } from '../../../shared/api'
import { normalizeName, normalizeSku, productBody, productColumns, readablePart, tolerated } from './product-row'
import { checkSource, tolerance } from './schema-check'
import { bodyReading } from '../service/body-reader'
import { readsNoBody } from '../service/client'
import { indexText } from './search-text'

/**
 * The two threads of a full sync, each with its own SQLite connection to its own file of the next
 * generation, so the sync's work runs beside the main thread (which only orchestrates: the token,
 * the online state, progress; and keeps answering searches from the live generation) and beside
 * each other:
 *
 * - rows worker: fetches each page itself (fetch: with undici, given the request the main thread's
 *   ServiceClient prepared, token and headers included, and read within the same bounds by the
 *   client's own body reader, included below), or takes its response bytes (transferred, not
 *   copied; the first page, which says how many there are), parses and checks
 *   them, stores the page and its products in the rows file, one transaction per page, and sends
 *   each product's whole text to the text worker. Once every page has landed it reads back the
 *   stored pages whose text the text worker does not have (an interrupted sync's, a refresh's copied pages), and sends their whole text
 *   again (describe); at the end it builds the indexes.
 * - text worker: stashes each landed page's text in a file beside the text file as it comes (a
 *   product is findable by SKU and name as soon as its row is committed: search scans the landed
 *   names until the full-text index is whole), and once every page is in, splits it into index
 *   words (indexText) and adds it to the full-text index (product_fts), committing every few
 *   pages; at the end it merges the index and writes its vocabulary. Landing first leaves the
 *   cores to the download while pages arrive (schema.ts).
 *
 * They are plain JavaScript run with `new Worker(source, { eval: true })`: the same code then works
 * in the Electron main process and the tests, with no bundle entry and no loader in the worker.
 * What must agree with the rest of the core is not written twice: the product check is generated
 * from the shared zod schema, and the row, body and index-text functions are product-row.ts's and
 * search-text.ts's own, included as their source text. All SQL comes from sync-workers.ts.
 *
 * A refresh (a live generation exists) opens the rows worker in compare mode: each page is
 * compared with the live generation's copy, byte for byte, and nothing is written while they are
 * all the same. At the first page that differs (or when told to) the worker creates the next
 * generation's files, copies the pages that were the same from the live generation, and from then
 * on stores pages as a first sync does. Each page it holds with the service's ETag is asked with
 * If-None-Match, and a 304 counts as the same page, without its download. An unchanged catalogue
 * thus costs the first page's download and the other pages' round trips, and writes nothing. The text worker creates its file with the first text it is sent.
 *
 * Requests: { id, op, ...args } → { id, ok: true, value } | { id, ok: false, message, code? };
 * the text worker also reports { event: 'indexed', page, full }, { event: 'committed', pages } (the
 * pages a search can now find by name and SKU) and { event: 'failed', message }.
 */
const PRELUDE = String.raw`
'use strict'
const { parentPort } = require('node:worker_threads')
const { DatabaseSync } = require('node:sqlite')
// The included functions are compiled TypeScript; a compiler keeping function names calls this.
const __name = (fn) => fn
let db = null
const statements = new Map()
const prepare = (sql) => {
  let s = statements.get(sql)
  if (!s) statements.set(sql, (s = db.prepare(sql)))
  return s
}
const rollback = () => {
  try {
    db.exec('ROLLBACK')
  } catch {}
}
const transaction = (fn) => {
  db.exec('BEGIN IMMEDIATE')
  try {
    const result = fn()
    db.exec('COMMIT')
    return result
  } catch (err) {
    rollback()
    throw err
  }
}
const open = (m) => {
  db = new DatabaseSync(m.path)
  db.exec(m.pragmas)
  if (m.refuse && db.prepare(m.refuse).get().older) {
    close()
    throw new Failure('older', 'The interrupted sync was written by an earlier version of the app.')
  }
  db.exec(m.schema)
  if (m.pages) {
    // The pages file keeps a rollback journal (schema.ts): set up on its own, then attached.
    const pages = new DatabaseSync(m.pages.path)
    pages.exec(m.pages.pragmas)
    pages.exec(m.pages.schema)
    pages.close()
    db.prepare('ATTACH DATABASE ? AS pages').run(m.pages.path)
    db.exec('PRAGMA pages.synchronous = OFF; PRAGMA pages.cache_size = -2000;')
  }
}
const close = () => {
  statements.clear()
  if (db) db.close()
  db = null
}
/** The last transaction of a generation waits for the disk: it is whole before it goes live. */
const durably = (fn) => {
  db.exec('PRAGMA synchronous = FULL')
  try {
    db.exec('PRAGMA pages.synchronous = FULL')
  } catch {}
  return transaction(fn)
}
/**
 * Searches come first (search-pressure.ts): this thread runs at a lower priority than the one that
 * answers searches (on Linux a nice value is per thread), and pauses between small batches while a
 * search is being answered and painted.
 */
try {
  require('node:os').setPriority(0, 10)
} catch {}
let gate = null
const nap = new Int32Array(new SharedArrayBuffer(4))
const setGate = (g) => {
  gate = g ? { cells: new Int32Array(g.buffer), origin: g.origin, max: g.maxHoldMs, share: g.holdShare, left: g.maxHoldMs, at: Date.now() } : null
}
const pressing = () => Atomics.load(gate.cells, 0) > 0 || Date.now() - gate.origin < Atomics.load(gate.cells, 1)
/** Holds while a search presses, within this thread's budget (SearchPressure's holdShare). */
const yieldToSearches = () => {
  if (!gate) return
  const now = Date.now()
  gate.left = Math.min(gate.max, gate.left + (now - gate.at) * gate.share)
  gate.at = now
  while (gate.left > 0 && pressing()) {
    Atomics.wait(nap, 0, 0, 2)
    const t = Date.now()
    gate.left -= t - gate.at
    gate.at = t
  }
}
/** Products handled between two looks at the gate (a millisecond or two of work; a look costs an atomic read). */
const YIELD_EVERY = 25
class Failure extends Error {
  constructor(code, message) {
    super(message)
    this.code = code
  }
}
const failed = (err) => ({ message: String((err && err.message) || err), code: err && err.code, errcode: err && err.errcode })
/** Answers each request; an op that returns a promise (fetch) answers when it settles. */
const serve = (ops) =>
  parentPort.on('message', (m) => {
    const done = (value) => parentPort.postMessage({ id: m.id, ok: true, value: value === undefined ? null : value })
    const fail = (err) => parentPort.postMessage({ id: m.id, ok: false, ...failed(err) })
    try {
      const value = ops[m.op](m)
      if (value instanceof Promise) value.then(done, fail)
      else done(value)
    } catch (err) {
      fail(err)
    }
  })
`

// Declared under their own names (productColumns calls the normalisers by theirs, which a bundler
// may have renamed consistently), and bound to fixed names for the code below.
export const ROWS_WORKER_SOURCE = `${PRELUDE}
${normalizeSku}
${normalizeName}
const productColumns = (${productColumns})
const productBody = (${productBody})
const numberSpelled = (${numberSpelled})
const readablePartOf = (${readablePart})
const readablePart = (v) => readablePartOf(v, numberSpelled)
const isProduct = ${checkSource(Product) ?? 'null'}
const toleratedOf = (${tolerated})
const TOLERANCE = ${JSON.stringify(tolerance(Product) ?? {})}
/**
 * A product as its columns take it, and whether it was only partly read: one the check refuses is
 * kept as far as it can be read (readablePart), unless all it lacked is what readAnswer mends, at
 * whatever depth (tolerated): numbers sent as the decimals they spell ("12.50", a rate plan's
 * costs), null for a list not sent. Then it is whole, as its page reads it. Only a refused product
 * is looked at again.
 */
function productOf(item) {
  if (isProduct(item)) return { p: item, partial: false }
  const mended = toleratedOf(item, TOLERANCE, numberSpelled)
  if (mended && isProduct(mended)) return { p: mended, partial: false }
  return { p: readablePart(item), partial: true }
}
const decoder = new TextDecoder()
/**
 * The client's body reader (body-reader.ts) and its test of an answer not to read
 * (client.ts), as their source: a page is read here within the bounds the main thread's client
 * reads it with (sizes, deadline, decompression, nesting).
 */
const bodyReader = (${bodyReading})({
  pipeline: require('node:stream/promises').pipeline,
  createBrotliDecompress: require('node:zlib').createBrotliDecompress,
  createGunzip: require('node:zlib').createGunzip,
  createInflate: require('node:zlib').createInflate,
})
const readsNoBody = (${readsNoBody})
/** undici (required from the path the client gives) and this thread's Agent, made at the first fetch. */
let undici = null
let agent = null
/** Fetches in flight, by the main thread's number, to abort them (cancel). */
const fetching = new Map()
/** A transport failure as the client's transportError reads it. */
const plainError = (err) => ({
  name: err && err.name,
  code: err && err.code,
  cause: err && err.cause && err.cause.code ? { code: err.cause.code } : undefined,
  message: String((err && err.message) || err),
})

/**
 * Sends a prepared GET and reads its answer as the client's send() does, saying what it saw
 * (RemoteOutcome in client.ts; 'bytes': a success's body, before it is stored). The client judges
 * everything but a success's body.
 */
async function fetchAnswer(m, signal) {
  if (!agent) {
    undici = require(m.agent.undici)
    agent = new undici.Agent(m.agent.options)
  }
  let res
  try {
    res = await undici.request(m.request.url, { method: 'GET', headers: m.request.headers, dispatcher: agent, signal })
  } catch (err) {
    return { kind: 'transport', error: plainError(err) }
  }
  const status = res.statusCode
  const headers = { ...res.headers }
  if (status === 304 && m.request.headers['if-none-match']) {
    // Revalidated: the page is as the live generation holds it (RFC 9110 section 15.4.5).
    bodyReader.discardBody(res.body)
    return { kind: 'unchanged', status, headers }
  }
  if (readsNoBody(status, headers)) {
    bodyReader.discardBody(res.body)
    return { kind: 'refused', status, headers }
  }
  let bytes
  try {
    // Held back while a search is answered, within this thread's budget: the socket then waits too,
    // as it did when the main thread read it (and was busy with the search).
    // A page's nesting is checked once it is parsed (page: nestsWithin), not byte by byte as it arrives.
    const limits = status >= 400 ? m.request.limits.error : { ...m.request.limits.ok, maxJsonDepth: Infinity }
    bytes = await bodyReader.readBody(res.body, headers, limits, signal, yieldToSearches)
  } catch (err) {
    if (err instanceof bodyReader.BodyLimitError) return { kind: 'limit', status, headers, code: err.code, message: err.message }
    return { kind: 'transport', error: plainError(err) }
  }
  if (status < 300 && bodyReader.startsLikeMarkup(bytes)) return { kind: 'markup', status }
  if (status >= 300) return { kind: 'answer', status, headers, text: decoder.decode(bytes) }
  return { kind: 'bytes', status, headers, bytes }
}

/** Product ids stored in this generation: a product repeated on a later page is kept once. */
let seen = null
let textPort = null
/** Compare mode: how to open the next generation, the live one's connection, the pages found the same. */
let deferred = null
let prior = null
let same = []
/**
 * While refreshing a live generation whose pages file keeps each page's ETag (files of earlier
 * versions do not): that file, read-only, through the whole refresh (compare mode may end).
 */
let livePages = null

/** The ETag the service sent with the live generation's copy of a page. */
function liveEtag(page) {
  if (!livePages) return null
  const row = livePages.prepare('SELECT etag FROM page_etag WHERE page = ?').get(page)
  return row ? row.etag : null
}

/** The live generation's copy of a page, with its counts, while comparing with it (undefined if it has none). */
function liveCopy(page) {
  return prior.prepare('SELECT g.json, r.products, r.invalid FROM prior_pages.page g JOIN rows_page r ON r.page = g.page WHERE g.page = ?').get(page)
}

/** A 304 for a page the live generation does not hold: the service's word cannot be taken. */
const notStored = (page) => failed(new Failure('not_json', 'The service said page ' + page + ' of the products is unchanged, but it is not stored.'))

/**
 * A page found as the live generation holds it (its bytes the same, or the service said 304 to its
 * ETag): nothing is written, its counts are the live ones.
 */
function sameAsLive(m, live, bytes) {
  same.push(m.page)
  // Parsed only when its length ends the list (no X-Total-Pages): the same bytes were checked before.
  const items = m.countItems ? parsePage(bytes || live.json, m.page).length : live.products + live.invalid
  return { added: live.products, invalid: live.invalid, items, same: true }
}

/**
 * Frees a page's bytes at once. They live outside this thread's heap, so its garbage collector
 * counts them only as external memory and would let tens of megabytes of read pages pile up
 * before it collects them (1.5 MB each); detaching the buffer frees them when the page is done.
 */
function release(view) {
  try {
    if (view && !view.buffer.detached) view.buffer.transfer(0)
  } catch {}
}

/** The page as the service sent it; a list, or a Failure naming what it was instead. */
function parsePage(bytes, page) {
  let items
  try {
    items = JSON.parse(decoder.decode(bytes))
  } catch {
    throw new Failure('not_json', 'The service\\'s answer to page ' + page + ' of the products was not JSON.')
  }
  if (!Array.isArray(items)) throw new Failure('not_list', 'The service\\'s answer to page ' + page + ' of the products was not a list.')
  return items
}

/**
 * The whole text of each product (name, SKU and descriptions, in threes), as one string for a cheap
 * hand-over. \`kind\`: 'landed' (a page as it lands: stashed, indexed once every page is in) or
 * 'full' (indexed now).
 */
function sendText(page, positions, texts, kind) {
  textPort.postMessage({ page, positions: Int32Array.from(positions), text: texts.join('\\u0000'), kind })
}

/** The whole text of stored pages, from their stored JSON, to the text worker to index now. */
function sendStoredText(pages, perPage, sql) {
  for (const page of pages) {
    const row = prepare(sql.storedPage).get(page)
    if (!row) continue
    const items = parsePage(row.json, page)
    release(row.json)
    const base = (page - 1) * perPage + 1
    const positions = []
    const texts = []
    for (const { pos } of prepare(sql.positions).all(base, base + items.length - 1)) {
      if (positions.length % YIELD_EVERY === YIELD_EVERY - 1) yieldToSearches()
      const { p } = productOf(items[pos - base])
      positions.push(pos)
      texts.push(p.name, p.product_code, productBody(p))
    }
    sendText(page, positions, texts, 'full')
  }
}

/** Leaves compare mode: creates the next generation and copies into it the pages found the same. */
function materialize() {
  if (!deferred) return
  const m = deferred
  deferred = null
  prior.close()
  prior = null
  open(m)
  prepare(m.sql.perPage).run(m.perPage)
  db.prepare('ATTACH DATABASE ? AS prior').run(m.live.rows)
  db.prepare('ATTACH DATABASE ? AS prior_pages').run(m.live.pages)
  try {
    // The stored pages first: a page's rows are never committed without it (see page below).
    transaction(() => {
      for (const page of same) {
        db.prepare('INSERT INTO pages.page SELECT * FROM prior_pages.page WHERE page = ?').run(page)
        if (livePages) db.prepare('INSERT INTO pages.page_etag SELECT * FROM prior_pages.page_etag WHERE page = ?').run(page)
      }
    })
    transaction(() => {
      for (const page of same) {
        const base = (page - 1) * m.perPage + 1
        db.prepare('INSERT INTO product SELECT * FROM prior.product WHERE pos BETWEEN ? AND ?').run(base, base + m.perPage - 1)
        db.prepare('INSERT INTO rows_page SELECT * FROM prior.rows_page WHERE page = ?').run(page)
      }
    })
  } finally {
    statements.clear()
    db.exec('DETACH DATABASE prior; DETACH DATABASE prior_pages;')
  }
  // Their text is read back from the stored pages once every page is in (describe).
  same = []
}

const rowsOps = {
  open(m) {
    textPort = m.textPort
    setGate(m.gate)
    if (m.live) {
      deferred = m
      prior = new DatabaseSync(m.live.rows)
      prior.prepare('ATTACH DATABASE ? AS prior_pages').run(m.live.pages)
      prior.exec('PRAGMA query_only = ON')
      if (prior.prepare("SELECT 1 FROM prior_pages.sqlite_master WHERE name = 'page_etag'").get()) {
        livePages = new DatabaseSync(m.live.pages, { readOnly: true })
      }
      return []
    }
    open(m)
    prepare(m.sql.perPage).run(m.perPage)
    return prepare(m.sql.pages).all()
  },
  page(m) {
    const bytes = new Uint8Array(m.bytes)
    if (deferred) {
      const live = liveCopy(m.page)
      const unchanged = live && Buffer.compare(Buffer.from(live.json.buffer, live.json.byteOffset, live.json.byteLength), Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) === 0
      if (live) release(live.json)
      if (unchanged) {
        const stored = sameAsLive(m, live, bytes)
        release(bytes)
        return stored
      }
      materialize()
    }
    if (!seen) seen = new Set(prepare(m.sql.ids).all().map((r) => r.id))
    yieldToSearches()
    const items = parsePage(bytes, m.page)
    if (m.maxDepth !== undefined && !bodyReader.nestsWithin(items, m.maxDepth)) {
      release(bytes)
      throw new Failure('too_deep', 'The answer nests more than ' + m.maxDepth + ' levels deep, which no answer of the service does.')
    }
    const insert = prepare(m.sql.product)
    const positions = []
    const texts = []
    const fresh = []
    let invalid = 0
    // The page as sent first, in the pages file: its rows (and rows_page, which a resumed sync
    // trusts) are committed after it, never without it.
    try {
      transaction(() => {
        prepare(m.sql.page).run(m.page, bytes)
        // Kept for the next refresh to ask whether the page changed (If-None-Match) instead of downloading it.
        if (typeof m.etag === 'string' && m.etag) prepare(m.sql.etag).run(m.page, m.etag)
        else prepare(m.sql.noEtag).run(m.page)
      })
    } finally {
      release(bytes)
    }
    try {
      transaction(() => {
        for (let i = 0; i < items.length; i++) {
          if (i % YIELD_EVERY === YIELD_EVERY - 1) yieldToSearches()
          // A product the check refuses is kept as far as it can be read; only one without an id is left out.
          const { p, partial } = productOf(items[i])
          if (!p) {
            invalid++
            continue
          }
          if (seen.has(p.id)) continue
          seen.add(p.id)
          fresh.push(p.id)
          const pos = m.base + i
          insert.run(...productColumns(p, pos, partial))
          positions.push(pos)
          // The whole text, stashed by the text worker and indexed once every page has landed (the
          // row itself makes the product findable by SKU and name at once).
          texts.push(p.name, p.product_code, productBody(p))
        }
        prepare(m.sql.done).run(m.page, positions.length, invalid)
      })
    } catch (err) {
      for (const id of fresh) seen.delete(id)
      throw err
    }
    sendText(m.page, positions, texts, 'landed')
    return { added: positions.length, invalid, items: items.length }
  },
  /**
   * Fetches a page (m.request, prepared by the main thread's client) and stores it as page does:
   * the answer as the client judges it, a success's value being { stored } or, if it could not be
   * stored (not a JSON list, the disk), { failed }. The page's bytes never reach the main thread.
   */
  async fetch(m) {
    const abort = new AbortController()
    fetching.set(m.fetch, abort)
    try {
      // While comparing with the live generation, a page it holds with an ETag is asked for only if it changed.
      const etag = liveEtag(m.page)
      const got = await fetchAnswer(etag ? { ...m, request: { ...m.request, headers: { ...m.request.headers, 'if-none-match': etag } } } : m, abort.signal)
      if (got.kind === 'unchanged') return { kind: 'ok', status: got.status, headers: got.headers, value: rowsOps.unchanged(m) }
      if (got.kind !== 'bytes') return got
      let value
      try {
        const maxDepth = m.request.limits.ok.maxJsonDepth
        value = { stored: rowsOps.page({ page: m.page, base: m.base, bytes: got.bytes.buffer, sql: m.sql, countItems: m.countItems, etag: got.headers.etag, maxDepth }) }
      } catch (err) {
        // Refused as the main thread's reader refuses an answer nested too deep.
        if (err && err.code === 'too_deep') return { kind: 'limit', status: got.status, headers: got.headers, code: 'bad_response', message: err.message }
        value = { failed: failed(err) }
      }
      return { kind: 'ok', status: got.status, headers: got.headers, value }
    } finally {
      fetching.delete(m.fetch)
    }
  },
  /**
   * The service answered 304 to the live copy's ETag: the page is the live one, as if its bytes had
   * been compared. Compare mode may have ended meanwhile (another page differed while this one was
   * asked): then the live copy is stored as this generation's.
   */
  unchanged(m) {
    if (deferred) {
      const live = liveCopy(m.page)
      if (!live) return { failed: notStored(m.page) }
      try {
        return { stored: sameAsLive(m, live) }
      } catch (err) {
        return { failed: failed(err) }
      } finally {
        release(live.json)
      }
    }
    const row = livePages && livePages.prepare('SELECT g.json, e.etag FROM page g JOIN page_etag e ON e.page = g.page WHERE g.page = ?').get(m.page)
    if (!row) return { failed: notStored(m.page) }
    try {
      return { stored: rowsOps.page({ page: m.page, base: m.base, bytes: row.json, sql: m.sql, countItems: m.countItems, etag: row.etag }) }
    } catch (err) {
      return { failed: failed(err) }
    }
  },
  /** The main thread no longer wants this fetch (the sync was cancelled or failed). */
  cancel(m) {
    const abort = fetching.get(m.fetch)
    if (abort) abort.abort()
  },
  /** Every page has landed: the whole text of these, descriptions included, from their stored JSON. */
  describe(m) {
    yieldToSearches()
    sendStoredText(m.pages, m.perPage, m.sql)
  },
  /** The catalogue differs in something other than a page (its groups, fewer pages): write it. */
  materialize() {
    materialize()
  },
  batch(m) {
    transaction(() => {
      for (const s of m.statements) {
        if (s.params) prepare(s.sql).run(...s.params)
        else db.exec(s.sql)
      }
    })
  },
  finish(m) {
    durably(() => db.exec(m.sql))
    return prepare(m.count).get().n
  },
  close() {
    for (const abort of fetching.values()) abort.abort()
    if (agent) agent.destroy().catch(() => {})
    agent = null
    if (textPort) textPort.close()
    if (prior) prior.close()
    prior = null
    if (livePages) livePages.close()
    livePages = null
    close()
  },
}
serve(rowsOps)
`

export const TEXT_WORKER_SOURCE = `${PRELUDE}
const indexText = (${indexText})
// At the rows worker's priority (PRELUDE), not below it: a page is not fetched while this thread
// is four pages behind with stashing their text (sync-workers.ts).
let pending = []
let commitEvery = 1
let port = null
let sql = null
let opening = null
let idle = null
/**
 * A page waits at most this long for others to share its commit: each commit is one more segment
 * for finish() to merge. The last pages are committed when the sync says the pages are all in (flush).
 */
const COMMIT_WITHIN_MS = 1000
/**
 * Landed pages whose whole text (about 1-2 MB each) waits to be indexed: a product is findable by
 * SKU and name as its row lands (the rows file; search scans the landed names until this index is
 * whole, landing-catalogue.ts), so nothing is indexed while pages land. Each page's text is
 * appended to a file beside the text file (the stash), not held in memory, and indexed from there
 * once every page is in (flush), or earlier while the download keeps this thread idle (a slow
 * link: STASH_IDLE_MS); from there it is cheaper than read back from the stored pages.
 * Measured (100,000 products, loopback, 2 cores): indexing names as pages landed, and descriptions
 * whenever this thread was idle, made the catalogue findable by SKU and name at 2.0-2.2x of the
 * download floor; landing alone, the text indexed after it, at 1.0-1.4x, the whole sync ending
 * no later (1.6-2.4x).
 * A page that could not be stashed (bodiesAhead reached, the disk) waits for the describe pass,
 * which reads its text back from the stored page.
 */
let bodiesAhead = Infinity
/**
 * While pages land, the oldest stashed page is indexed only when none has come for this long: the
 * download, not the machine, is then what the sync waits for (a slow link), and this thread would
 * sit idle. Over loopback pages come every 20-30 ms, and nothing is indexed until they are all in.
 */
const STASH_IDLE_MS = 50
/** The stash file ({ fd, path, end }) once a page is in it, and its pages, oldest first. */
let stash = null
let stashed = []
let stashCount = 0
let bodiesLater = null
let lastLanded = 0
let pauseMs = 0
const fs = require('node:fs')
/** Beside the text file, named so that a generation's sweep removes a stash a crash left behind (schema.ts). */
const stashPath = () => opening.path + '-stash'

/** Appends a page's whole text to the stash; false if it cannot be (then it waits for describe). */
function stashText(page, positions, text) {
  if (stashCount >= bodiesAhead) return false
  try {
    if (!stash) stash = { fd: fs.openSync(stashPath(), 'w+'), end: 0 }
    const bytes = Buffer.from(text, 'utf8')
    fs.writeSync(stash.fd, bytes, 0, bytes.length, stash.end)
    stashed.push({ page, positions, offset: stash.end, length: bytes.length })
    stash.end += bytes.length
    stashCount++
    return true
  } catch {
    return false
  }
}

/** A stashed page's text, split as sent; null if it cannot be read back (describe then reads the stored page). */
function unstash(entry) {
  try {
    const bytes = Buffer.allocUnsafe(entry.length)
    let read = 0
    while (read < entry.length) {
      const n = fs.readSync(stash.fd, bytes, read, entry.length - read, entry.offset + read)
      if (n === 0) return null
      read += n
    }
    return bytes.toString('utf8').split('\u0000')
  } catch {
    return null
  }
}

/** The stash is spent (every page indexed) or abandoned: its file goes. */
function dropStash() {
  stashed = []
  if (bodiesLater) clearTimeout(bodiesLater)
  bodiesLater = null
  if (stash) {
    try {
      fs.closeSync(stash.fd)
    } catch {}
  }
  stash = null
  if (opening) {
    try {
      fs.rmSync(stashPath(), { force: true })
    } catch {}
  }
}

const ensureOpen = () => {
  if (db || !opening) return
  open(opening)
  db.exec(opening.settings)
}

const commit = () => {
  if (idle) clearTimeout(idle)
  idle = null
  if (pending.length === 0) return
  db.exec('COMMIT')
  pending = []
}

/** A page's whole text (name, SKU, descriptions: \`texts\` in threes) into product_fts, in one go. */
function indexFull(page, positions, texts) {
  const insert = prepare(sql.insert)
  for (let i = 0; i < positions.length; i++) {
    if (i % YIELD_EVERY === 0) yieldToSearches()
    insert.run(positions[i], indexText(texts[3 * i]), indexText(texts[3 * i + 1]), indexText(texts[3 * i + 2]))
  }
  prepare(sql.described).run(page)
  pending.push(page)
}

const begin = () => {
  ensureOpen()
  if (pending.length === 0) db.exec('BEGIN IMMEDIATE')
}

/**
 * Several pages per transaction: each commit flushes the pending terms as one more segment to
 * merge. When no page follows soon, what there is is committed. A page's whole text is indexed in
 * one go (never split by a commit: body_page says it is all there).
 */
const committing = () => {
  if (pending.length >= commitEvery) commit()
  else if (!idle) idle = setTimeout(commit, COMMIT_WITHIN_MS)
}

/**
 * A page's text as the rows worker sent it (see sendText): a landed page's is stashed, a described
 * one's indexed. Says it is done with it ('indexed'; full: its text is in product_fts).
 */
function index(m) {
  if (pauseMs) Atomics.wait(nap, 0, 0, pauseMs)
  if (m.kind === 'full') {
    begin()
    indexFull(m.page, m.positions, m.text.split('\u0000'))
    committing()
  } else {
    lastLanded = Date.now()
    if (stashText(m.page, m.positions, m.text)) bodiesSoon()
  }
  parentPort.postMessage({ event: 'indexed', page: m.page, full: m.kind === 'full' })
}

/** The oldest stashed page's text, once no page has come for STASH_IDLE_MS. */
function bodiesSoon() {
  if (bodiesLater || stashed.length === 0) return
  bodiesLater = setTimeout(() => {
    bodiesLater = null
    if (Date.now() - lastLanded >= STASH_IDLE_MS) guarded(() => nextBodies())
    bodiesSoon()
  }, Math.max(0, lastLanded + STASH_IDLE_MS - Date.now()))
}

function nextBodies() {
  const b = stashed.shift()
  if (!b) return
  const texts = unstash(b)
  if (!texts) return
  begin()
  indexFull(b.page, b.positions, texts)
  committing()
  parentPort.postMessage({ event: 'indexed', page: b.page, full: true })
}

/** Every stashed page's text now (the pages are all in: they are cheaper from here than read back). */
function drainBodies() {
  if (bodiesLater) clearTimeout(bodiesLater)
  bodiesLater = null
  while (stashed.length) nextBodies()
}

/** Runs one step of indexing; a failure rolls back what is uncommitted and is reported once. */
function guarded(step) {
  try {
    step()
  } catch (err) {
    if (idle) clearTimeout(idle)
    idle = null
    if (pending.length > 0) rollback()
    pending = []
    dropStash()
    parentPort.postMessage({ event: 'failed', message: String((err && err.message) || err) })
  }
}

serve({
  open(m) {
    opening = m
    setGate(m.gate)
    commitEvery = m.commitEvery
    if (m.bodiesAhead !== undefined) bodiesAhead = m.bodiesAhead
    pauseMs = m.pauseMs || 0
    sql = m.sql
    port = m.rowsPort
    // A refresh creates the file with its first text (none comes while the catalogue is unchanged).
    if (!m.lazy) ensureOpen()
    port.on('message', (page) => guarded(() => index(page)))
    return { described: db ? prepare(sql.describedPages).all().map((r) => r.page) : [] }
  },
  flush() {
    drainBodies()
    if (db) commit()
  },
  finish(m) {
    ensureOpen()
    drainBodies()
    commit()
    durably(() => db.exec(m.sql))
    dropStash()
  },
  close() {
    // The stashed text is not indexed now (a cancelled sync stops at once): the next sync reads it
    // back from the stored pages (describe). What is indexed and uncommitted is kept.
    if (db) commit()
    dropStash()
    if (idle) clearTimeout(idle)
    if (port) port.close()
    close()
  },
})
`
