import { arch, release } from 'node:os'
import type { CatalogueStatus } from '../../../shared/model/catalogue-sync'
import type { ConnectionStatus, Profile } from '../../../shared/model/connection'
import type { DiagnosticsBundle, SelfCheckReport } from '../../../shared/model/diagnostics'
import type { OutboxCounts } from '../../../shared/model/outbox'
import type { UpdateState } from '../../../shared/model/updates'
import { AppError } from '../../../shared/model/app-error'
import { account } from '../connection/connection'
import type { CoreContext, Feature } from '../context'
import type { SecretStore } from '../credentials/secret-store'
import { logTail } from './log-tail'
import { bundleFileName, supportBundleText } from './support-bundle'

/** What the shell (and the log) lend the diagnostics: createCore's `diagnostics`. */
export interface ShellDiagnostics {
  /** The file logger's own redaction (the secrets it registered this run). */
  scrub?: (text: string) => string
  /** The shell's clipboard and save dialog; absent in tests and the harness. */
  copyText?: (text: string) => void
  saveText?: (suggestedName: string, text: string) => Promise<string | null>
  /** The shell's installation self-check (electron/main/self-check.ts), run beside the app; absent where there is none. */
  selfCheck?: () => Promise<SelfCheckReport>
}

interface DiagnosticsOptions extends ShellDiagnostics {
  version: string
  harness: boolean
  secrets: SecretStore
  /** Where the state the bundle tells of comes from. */
  state: StateSources
}

/**
 * What describes the app's state to a support desk, each asked of the feature that owns it. The
 * bundle names each part as the channel that shows it in the app ('connection.status', …).
 */
export interface StateSources {
  'connection.status'(): ConnectionStatus | Promise<ConnectionStatus>
  'catalogue.status'(): CatalogueStatus | Promise<CatalogueStatus>
  'baskets.outbox'(): OutboxCounts | Promise<OutboxCounts>
  'updates.state'(): UpdateState | Promise<UpdateState>
  'connection.list'(): Profile[] | Promise<Profile[]>
}

/** The order the parts appear in the bundle. */
const STATE_PARTS = ['connection.status', 'catalogue.status', 'baskets.outbox', 'updates.state', 'connection.list'] as const satisfies readonly (keyof StateSources)[]

/**
 * "Copy diagnostics" / "Save diagnostics": a support bundle with every secret and token redacted;
 * "Check this installation": the shell's self-check, logged.
 */
export function diagnosticsFeature(ctx: CoreContext, opts: DiagnosticsOptions): Feature {
  /** One self-check at a time: a second click while it runs is refused, not run twice. */
  let running = false
  async function bundle(): Promise<DiagnosticsBundle> {
    const state: Record<string, unknown> = {}
    for (const name of STATE_PARTS) {
      try {
        state[name] = await opts.state[name]()
      } catch (err) {
        state[name] = { error: (err as Error).message }
      }
    }
    // Every stored secret, so that none can appear in the bundle whoever wrote it where.
    const secrets: string[] = []
    for (const p of ctx.connection.list()) {
      const s = await opts.secrets.get(account(p.id)).catch(() => null)
      if (s) secrets.push(s)
    }
    const createdAt = new Date(ctx.clock.now()).toISOString()
    const logLines = logTail(ctx.dataDir)
    const text = supportBundleText(
      {
        createdAt,
        app: { version: opts.version, harness: opts.harness },
        os: { platform: process.platform, release: release(), arch: arch(), locale: Intl.DateTimeFormat().resolvedOptions().locale },
        runtime: { electron: process.versions.electron ?? null, chrome: process.versions.chrome ?? null, node: process.versions.node },
        state,
        logLines,
      },
      secrets,
      opts.scrub,
    )
    return { text, fileName: bundleFileName(createdAt), logLines: logLines.length }
  }

  return {
    handlers: {
      'diagnostics.bundle': () => bundle(),
      'diagnostics.copy': async () => {
        const b = await bundle()
        if (!opts.copyText) return { copied: false, logLines: b.logLines }
        opts.copyText(b.text)
        ctx.log.info('diagnostics copied', { logLines: b.logLines })
        return { copied: true, logLines: b.logLines }
      },
      'diagnostics.save': async () => {
        if (!opts.saveText) throw new AppError('internal', 'Saving files is not available here.')
        const b = await bundle()
        const path = await opts.saveText(b.fileName, b.text)
        if (path) ctx.log.info('diagnostics saved', { logLines: b.logLines })
        return { saved: path !== null, path }
      },
      'diagnostics.selfCheck': async () => {
        if (!opts.selfCheck) throw new AppError('internal', 'Checking the installation is not available here.')
        if (running) throw new AppError('conflict', 'The installation is already being checked.')
        running = true
        try {
          const report = await opts.selfCheck()
          const failed = report.steps.find((s) => !s.ok)
          if (report.ok) ctx.log.info('self-check passed', { steps: report.steps.length })
          else ctx.log.warn('self-check failed', { step: failed?.name ?? null, detail: failed?.detail ?? null })
          return report
        } finally {
          running = false
        }
      },
    },
  }
}
