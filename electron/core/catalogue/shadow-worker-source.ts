/**
 * The shadow writer's thread: a small SQLite executor on its own connection to catalogue.db, so the
 * full sync's inserts, index builds and full-text merging run beside the main thread (which keeps
 * fetching, parsing and answering searches from the live tables) instead of on it.
 *
 * It is plain JavaScript run with `new Worker(source, { eval: true })`: the same code then works in
 * the Electron main process, the browser harness and the tests, with no separate bundle entry and
 * no loader in the worker. All SQL comes from the typed callers (shadow-writer.ts); this only runs it.
 *
 * Messages: { id, op, ...args } → { id, ok: true, value } | { id, ok: false, message }.
 *   open { path, pragmas }            opens the connection
 *   pages { sql, pages: [{ page, invalid, rows: [[...product columns, ftsName, ftsSku, ftsBody]] }] }
 *                                     stores pages in one transaction (after sql.setup, if any),
 *                                     each product id once per generation; value: products added per page
 *   forget                            the shadow generation was started over (ids seen are forgotten)
 *   batch { statements: [{ sql, params? }] }   one transaction; exec when no params
 *   get { sql, params }               one row
 *   close
 */
export const SHADOW_WORKER_SOURCE = String.raw`
'use strict'
const { parentPort } = require('node:worker_threads')
const { DatabaseSync } = require('node:sqlite')
let db = null
let seen = null
const statements = new Map()
const prepare = (sql) => {
  let s = statements.get(sql)
  if (!s) statements.set(sql, (s = db.prepare(sql)))
  return s
}
const transaction = (fn) => {
  db.exec('BEGIN IMMEDIATE')
  try {
    const result = fn()
    db.exec('COMMIT')
    return result
  } catch (err) {
    db.exec('ROLLBACK')
    throw err
  }
}
const ops = {
  open(m) {
    db = new DatabaseSync(m.path)
    db.exec(m.pragmas)
  },
  forget() {
    seen = null
  },
  pages(m) {
    if (!seen) seen = new Set(prepare(m.sql.ids).all().map((r) => r.id))
    const product = prepare(m.sql.product)
    const fts = prepare(m.sql.fts)
    const done = prepare(m.sql.done)
    const fresh = []
    try {
      return transaction(() => {
        if (m.sql.setup) db.exec(m.sql.setup)
        return m.pages.map((p) => {
          let added = 0
          for (const r of p.rows) {
            if (seen.has(r[1])) continue
            seen.add(r[1])
            fresh.push(r[1])
            product.run(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], r[11], r[12], r[13], r[14])
            fts.run(r[0], r[15], r[16], r[17])
            added++
          }
          done.run(p.page, added, p.invalid)
          return added
        })
      })
    } catch (err) {
      for (const id of fresh) seen.delete(id)
      throw err
    }
  },
  batch(m) {
    transaction(() => {
      for (const s of m.statements) {
        if (s.params) prepare(s.sql).run(...s.params)
        else db.exec(s.sql)
      }
    })
  },
  get(m) {
    return prepare(m.sql).get(...(m.params || [])) || null
  },
  close() {
    statements.clear()
    if (db) db.close()
    db = null
  },
}
parentPort.on('message', (m) => {
  try {
    const value = ops[m.op](m)
    parentPort.postMessage({ id: m.id, ok: true, value: value === undefined ? null : value })
  } catch (err) {
    parentPort.postMessage({ id: m.id, ok: false, message: String((err && err.message) || err) })
  }
})
`
