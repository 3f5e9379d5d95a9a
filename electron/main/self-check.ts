import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ChannelName } from '../../shared/ipc/contract'
import type { IpcResult } from '../../shared/ipc/contract-kit'
import type { CatalogueSearchResult } from '../../shared/model/catalogue-search'
import type { SyncOutcome } from '../../shared/model/catalogue-sync'
import type { ConnectionStatus } from '../../shared/model/connection'
import { SELF_CHECK_STEPS, type SelfCheckReport, type SelfCheckStep, type SelfCheckStepName } from '../../shared/model/diagnostics'
import type { Core } from '../core'
import { createKeychainStore, type SecretStore } from '../core/credentials/secret-store'
import { createFileLogger } from '../core/log/file-logger'
import type { DemoLauncher } from '../core/platform/services'
import { createDemoService } from './demo'

class StepFailed extends Error {}

/** A step's detail is a line or two; a runaway message is cut (the contract's bound). */
const MAX_DETAIL = 2000

export interface SelfCheckDeps {
  secrets: SecretStore
  /** Loads and starts a core whose demo launcher works, in a data folder of its own (after the sqlite step). */
  openCore: () => Promise<Pick<Core, 'dispatch' | 'stop'>>
}

/**
 * The installation's self-check (`--self-check`, and Settings → Support): what no test on a developer's machine
 * can prove about an installed app, proved by the app itself, the way a rep's first minutes use it.
 * It drives the core through its channels, as the window does. Each step needs the one before it;
 * the first that fails ends the check.
 * - sqlite: this Electron's node:sqlite opens a database with FTS5 (the core is loaded only then);
 * - keychain: the OS keychain (keytar, a native module unpacked beside the app's archive) keeps,
 *   gives back and forgets a throwaway secret;
 * - demo: the embedded demo service starts and the app signs in to it, its secret kept in the keychain;
 * - catalogue: a full sync, whose worker threads load undici from inside the app's archive and
 *   write with this Electron's node:sqlite;
 * - search: a product found by its exact SKU, and by a word of its name (FTS5 in this build's SQLite);
 * - sign-out: the demo connection removed again, so the check leaves nothing behind in the keychain.
 *
 * Whatever happened, the demo connection it made is removed (its secret with it) and the core it
 * opened is stopped.
 */
export async function runSelfCheck(deps: SelfCheckDeps): Promise<SelfCheckReport> {
  const { secrets } = deps
  // Held in an object: TypeScript does not follow an assignment made in a step back to the finally.
  const opened: { core: Pick<Core, 'dispatch' | 'stop'> | null } = { core: null }
  /** A channel's value, or the step fails with the core's own message for it. */
  const call = async <T>(channel: ChannelName, input?: unknown): Promise<T> => {
    const reply = (await opened.core!.dispatch(channel, input)) as IpcResult<T>
    if (!reply.ok) throw new StepFailed(`${channel}: ${reply.error.code}: ${reply.error.message}`)
    return reply.value
  }
  let demoProfile: string | null = null
  let signedOut = false
  let product: { sku: string; id: number; word: string } | null = null

  const work: Record<SelfCheckStepName, () => Promise<string>> = {
    async sqlite() {
      const { DatabaseSync } = await import('node:sqlite')
      const db = new DatabaseSync(':memory:')
      try {
        db.exec("CREATE VIRTUAL TABLE words USING fts5(word); INSERT INTO words VALUES ('switch')")
        if (!db.prepare("SELECT 1 AS found FROM words WHERE words MATCH 'switch'").get()) throw new StepFailed('FTS5 found nothing')
      } finally {
        db.close()
      }
      return `SQLite ${process.versions.sqlite ?? '(version unknown)'} with FTS5`
    },
    async keychain() {
      const account = `self-check:${randomUUID()}`
      const secret = randomUUID()
      await secrets.set(account, secret)
      const back = await secrets.get(account)
      const forgotten = await secrets.delete(account)
      if (back !== secret) throw new StepFailed('the keychain gave back something other than the secret it was given')
      if (!forgotten || (await secrets.get(account)) !== null) throw new StepFailed('the keychain did not forget the throwaway secret')
      return 'kept, gave back and forgot a throwaway secret'
    },
    async demo() {
      opened.core = await deps.openCore()
      const status = await call<ConnectionStatus>('connection.startDemo')
      if (!status.profile || !status.user) throw new StepFailed(`not signed in to the demo service: ${status.lastError ?? 'no user'}`)
      demoProfile = status.profile.id
      return `signed in as ${status.user.name} at ${status.profile.baseUrl}`
    },
    async catalogue() {
      const sync = await call<SyncOutcome>('catalogue.sync')
      if (sync.outcome !== 'completed' || sync.products === 0) throw new StepFailed(`the sync ${sync.outcome} with ${sync.products} products${sync.message ? `: ${sync.message}` : ''}`)
      const first = (await call<CatalogueSearchResult>('catalogue.search', { query: '', limit: 1 })).items[0]
      const word = first?.name.split(/\s+/).find((w) => /^\p{L}{4,}$/u.test(w))
      if (!first || !word) throw new StepFailed('the synced catalogue lists no product to look up')
      product = { sku: first.product_code, id: first.id, word }
      return `${sync.products} products stored`
    },
    async search() {
      const { sku, id, word } = product!
      const bySku = await call<{ id: number }[]>('catalogue.lookupSku', { sku })
      if (!bySku.some((p) => p.id === id)) throw new StepFailed(`the exact SKU ${sku} did not find its product`)
      const byWord = await call<CatalogueSearchResult>('catalogue.search', { query: word, limit: 500 })
      if (byWord.total === 0) throw new StepFailed(`the word "${word}" of a product's name found nothing`)
      return `${sku} by its SKU; "${word}" in ${byWord.total} names`
    },
    async 'sign-out'() {
      const removed = await call<{ removed: boolean }>('connection.remove', { id: demoProfile, discardDrafts: true })
      if (!removed.removed) throw new StepFailed('the demo connection was not removed')
      signedOut = true
      return 'the demo connection and its secret removed'
    },
  }

  const steps: SelfCheckStep[] = []
  try {
    for (const name of SELF_CHECK_STEPS) {
      const started = performance.now()
      try {
        const detail = await work[name]()
        steps.push({ name, ok: true, ms: Math.round(performance.now() - started), detail: detail.slice(0, MAX_DETAIL) })
      } catch (err) {
        steps.push({ name, ok: false, ms: Math.round(performance.now() - started), detail: (err instanceof Error ? err.message : String(err)).slice(0, MAX_DETAIL) })
        break
      }
    }
  } finally {
    // A step after sign-in failed: the demo connection's secret must not stay in the keychain.
    if (opened.core && demoProfile && !signedOut) await opened.core.dispatch('connection.remove', { id: demoProfile, discardDrafts: true }).catch(() => null)
    await opened.core?.stop()
  }
  const versions = Object.fromEntries(['electron', 'node', 'v8', 'sqlite', 'uv'].flatMap((k) => (process.versions[k] ? [[k, process.versions[k]!]] : [])))
  return { ok: steps.length === SELF_CHECK_STEPS.length && steps.every((s) => s.ok), steps, versions }
}

/**
 * Runs the check with the parts the app ships in `dataDir`, a fresh folder of its own: never a rep's
 * profile. The demo service is the app's embedded one, started there, unless `demo` names another.
 */
async function checkIn(dataDir: string, version: string, secrets: SecretStore, launcher?: DemoLauncher): Promise<SelfCheckReport> {
  const log = createFileLogger({ dataDir })
  const embedded = launcher ? null : createDemoService(dataDir, log)
  const demo = launcher ?? embedded!.launch
  try {
    return await runSelfCheck({
      secrets,
      openCore: async () => {
        // Loaded only now: the sqlite step has shown that node:sqlite, which the core needs, is there.
        const { createCore } = await import('../core')
        const core = createCore({ dataDir, secrets, notifier: { show() {} }, log, demo, version })
        await core.start()
        return core
      },
    })
  } finally {
    await embedded?.close()
  }
}

/** A fresh folder for one check, in the system's temporary folder. */
export function selfCheckFolder(tempDir: string): string {
  return mkdtempSync(join(tempDir, 'wholesale-desk-self-check-'))
}

/** Removes a check's folder once it is over. */
export function removeSelfCheckFolder(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true })
  } catch {
    // A file still held open (Chromium's, on Windows): the system's temp folder is cleaned anyway.
  }
}

interface SelfCheckOptions {
  /** A fresh, empty folder for this check's data (the shell points userData at it). */
  dataDir: string
  version: string
  reportPath: string | null
  /** The OS keychain; tests may pass their own. */
  secrets?: SecretStore
  /** Where the report goes besides the file (the terminal that started the check). */
  print?: (text: string) => void
}

/**
 * `--self-check`: the installed app checks itself with the parts it ships (the keychain store, the
 * embedded demo service, the whole core). No window, no tray. The report is printed and, when a
 * path was given, written there (a Windows GUI app has no console to print to). CI runs it on the
 * packaged app of every system; support can ask a rep to run it.
 */
export async function selfCheckInstallation(opts: SelfCheckOptions): Promise<SelfCheckReport> {
  const report = await checkIn(opts.dataDir, opts.version, opts.secrets ?? createKeychainStore())
  const text = JSON.stringify({ version: opts.version, ...report }, null, 2)
  ;(opts.print ?? console.log)(text)
  if (opts.reportPath) writeFileSync(opts.reportPath, `${text}\n`)
  return report
}

/**
 * Settings → Support → "Check this installation": the same check beside the running app, in a
 * temporary folder removed afterwards (its own demo service, core and keychain entries).
 */
export async function selfCheckBeside(opts: { tempDir: string; version: string; secrets: SecretStore; demo?: DemoLauncher }): Promise<SelfCheckReport> {
  const dataDir = selfCheckFolder(opts.tempDir)
  try {
    return await checkIn(dataDir, opts.version, opts.secrets, opts.demo)
  } finally {
    removeSelfCheckFolder(dataDir)
  }
}
