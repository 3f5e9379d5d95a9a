import type { OutboxCounts } from '../../../shared/model/outbox'
import type { CoreEventName } from '../../../shared/model/core-events'
import type { RestartBlocker, UpdateState, UpdateStatus } from '../../../shared/model/updates'
import type { CoreContext, Feature } from '../context'
import type { AppUpdater } from '../platform/services'
import { compareVersions, readFeed } from './update-feed'
import { EDIT_QUIET_MS, msUntilCheck, restartBlockers, WAKE_INTERVAL_MS } from './update-schedule'

/** Settings key of the user's switch; an administrator's policy overrides it. */
export const AUTOMATIC_UPDATES = 'updates.automatic'

interface UpdatesOptions {
  version: string
  platform?: string
  updater?: AppUpdater
  /** An administrator's decision (managed install): checks on or off, and the switch locked. */
  managedAutomatic?: boolean
  /** The active profile's outbox counts (the baskets feature's); a refusal (no profile) counts as nothing sending. */
  outbox(): Promise<OutboxCounts | null>
  subscribe(listener: (event: CoreEventName, payload: unknown) => void): () => void
}

/**
 * Keeping the app current: checks the feed at start and every 6 hours (unless turned off), has the
 * shell download a newer release in the background, and restarts into it only on the user's word
 * and only when nothing would be lost (the outbox is not sending, no draft is mid-edit).
 */
/** The updates feature as the core wires it: its channels, and its state for the support bundle. */
export interface UpdatesFeature extends Feature {
  /** What Settings shows, with the outbox's sending count read afresh. */
  state(): Promise<UpdateState>
}

export function updatesFeature(ctx: CoreContext, opts: UpdatesOptions): UpdatesFeature {
  const platform = opts.platform ?? process.platform
  const feedUrl = opts.updater?.feedUrl ?? null
  let status: UpdateStatus = 'idle'
  let latestVersion: string | null = null
  let lastAttempt: { at: number; ok: boolean } | null = null
  let sending = 0
  let unsavedReported = false
  let lastDraftEditAt: number | null = null
  let timer: unknown = null
  let stopped = true
  let lastEmitted = ''
  const aborter = new AbortController()

  const managed = opts.managedAutomatic !== undefined
  const automatic = () => (managed ? opts.managedAutomatic! : ctx.settings.get(AUTOMATIC_UPDATES, true))
  const blockers = (): RestartBlocker[] => restartBlockers({ sending, unsavedReported, lastDraftEditAt }, ctx.clock.now())

  function state(): UpdateState {
    const checkedAt = ctx.settings.get<number | null>('updates.lastCheckedAt', null)
    return {
      supported: feedUrl !== null,
      automatic: automatic(),
      managed,
      status,
      currentVersion: opts.version,
      latestVersion,
      lastCheckedAt: checkedAt === null ? null : new Date(checkedAt).toISOString(),
      blockers: blockers(),
    }
  }

  function announce(): void {
    const now = state()
    const key = JSON.stringify(now)
    if (key === lastEmitted) return
    lastEmitted = key
    ctx.emit('updates.changed', now)
  }

  function schedule(): void {
    if (timer) ctx.clock.clearTimeout(timer)
    timer = null
    if (stopped) return
    const due = msUntilCheck({ enabled: feedUrl !== null && automatic(), busy: status === 'checking' || status === 'downloading' || status === 'ready', lastAttempt }, ctx.clock.now())
    if (due === null) return
    timer = ctx.clock.setTimeout(() => {
      timer = null
      if (msUntilCheck({ enabled: feedUrl !== null && automatic(), busy: false, lastAttempt }, ctx.clock.now()) === 0) void check()
      else schedule()
    }, Math.min(due, WAKE_INTERVAL_MS))
  }

  let running: Promise<void> | null = null
  function check(): Promise<void> {
    running ??= run().finally(() => {
      running = null
      schedule()
    })
    return running
  }

  async function run(): Promise<void> {
    if (!feedUrl || !opts.updater || status === 'ready') return
    status = 'checking'
    announce()
    try {
      const release = await readFeed(feedUrl, platform, { signal: aborter.signal })
      lastAttempt = { at: ctx.clock.now(), ok: true }
      ctx.settings.set('updates.lastCheckedAt', lastAttempt.at)
      if (compareVersions(release.version, opts.version) <= 0) {
        status = 'upToDate'
        return void announce()
      }
      latestVersion = release.version
      status = 'downloading'
      announce()
      ctx.log.info('update: downloading', { from: opts.version, to: release.version })
      await opts.updater.download(release.version)
      status = 'ready'
      ctx.log.info('update: ready to install', { version: release.version })
    } catch (err) {
      lastAttempt = { at: ctx.clock.now(), ok: false }
      status = 'failed'
      ctx.log.warn('update: check or download failed', { error: (err as Error).message })
    }
    announce()
  }

  async function refreshOutbox(): Promise<void> {
    sending = (await opts.outbox().catch(() => null))?.sending ?? 0
  }

  let unsubscribe: (() => void) | null = null
  let quietTimer: unknown = null
  const currentState = async (): Promise<UpdateState> => {
    await refreshOutbox()
    return state()
  }
  return {
    state: currentState,
    handlers: {
      'updates.state': () => currentState(),
      'updates.setAutomatic': ({ automatic: on }) => {
        if (managed) return state()
        ctx.settings.set(AUTOMATIC_UPDATES, on)
        schedule()
        announce()
        return state()
      },
      'updates.checkNow': async () => {
        await check()
        return state()
      },
      'updates.restart': async () => {
        await refreshOutbox()
        const now = blockers()
        if (status !== 'ready' || now.length > 0 || !opts.updater) {
          announce()
          return { restarting: false, blockers: now }
        }
        ctx.log.info('update: restarting to install', { version: latestVersion })
        opts.updater.install()
        return { restarting: true, blockers: [] }
      },
      'updates.reportUnsavedEdits': ({ unsaved }) => {
        unsavedReported = unsaved
        announce()
        return { blockers: blockers() }
      },
    },
    start() {
      stopped = false
      unsubscribe = opts.subscribe((event, payload) => {
        if (event === 'outbox.changed') {
          sending = (payload as OutboxCounts).sending
          announce()
        } else if (event === 'baskets.changed') {
          lastDraftEditAt = ctx.clock.now()
          announce()
          // Once the typist has paused, "Restart to update" becomes possible again.
          if (quietTimer) ctx.clock.clearTimeout(quietTimer)
          quietTimer = ctx.clock.setTimeout(() => announce(), EDIT_QUIET_MS + 500)
        }
      })
      schedule()
    },
    async stop() {
      stopped = true
      aborter.abort()
      unsubscribe?.()
      if (timer) ctx.clock.clearTimeout(timer)
      if (quietTimer) ctx.clock.clearTimeout(quietTimer)
      await running
    },
  }
}
