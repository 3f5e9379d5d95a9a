import { z } from 'zod'
import { Language } from '../api'
import { AlertShown } from './alert'
import { SyncProgress } from './catalogue-sync'
import { ConnectionStatus, Profile } from './connection'
import { DesktopPrefs, WorkOfflineState } from './desktop'
import { NavigationTarget } from './navigation'
import { AlertPrefs, OrderChange, WatchState } from './order-watch'
import { OrdersIndexState } from './order'
import { OutboxCounts, OutboxSent } from './outbox'
import { UpdateState } from './updates'

/**
 * What the core announces (name → payload): its features emit these on one bus; the shell forwards
 * them to the renderer (the IPC contract's events are these), the tray and notifications.
 */
export const coreEvents = {
  /** Online state comes from probing the service. */
  'system.online': z.object({ online: z.boolean(), checkedAt: z.string() }),
  /** The shell follows these (window close, login item), from Settings or the tray alike. */
  'system.desktopPrefsChanged': DesktopPrefs,
  'system.workOfflineChanged': WorkOfflineState,
  /** The window's language changed: the tray follows. */
  'system.languageChanged': z.object({ language: Language }),
  'connection.changed': ConnectionStatus,
  /**
   * The saved profiles as listed now, when that changed (one saved, renamed, removed, connected, or
   * its account learnt): names and what tells two of the same name apart, for the tray and the window.
   */
  'connection.profilesChanged': z.object({ profiles: z.array(Profile) }),
  'alerts.shown': AlertShown,
  'catalogue.syncProgress': SyncProgress,
  /** Sent when the user clicks an order alert or a tray entry: the renderer opens that order. */
  'navigation.open': NavigationTarget,
  /** A draft changed (or the list did, when draftId is absent): views reload. */
  /** lineCount: the changed draft's lines now (null when a draft went, or for a change of several). */
  /** revision: the changed draft's revision now (DraftView.revision), so an editor knows its own saves' echo. */
  'baskets.changed': z.object({ draftId: z.string().nullable(), lineCount: z.int().nonnegative().nullable().optional(), revision: z.int().nonnegative().optional() }),
  /** Submission counts for the tray and the offline banner. */
  'outbox.changed': OutboxCounts,
  /** A queued draft was sent and is an order now (however long it waited): the window confirms it. */
  'outbox.sent': OutboxSent,
  /** After a poll that saw changes or changed the counts: for the tray and the views. */
  'orders.changed': z.object({ changes: z.array(OrderChange), open: z.int(), attention: z.int(), at: z.string() }),
  /** After every poll (changes or not) and when the watcher pauses offline: the views' "Last checked". */
  'orders.watchChanged': WatchState,
  /** The alert preferences as saved (from the Orders view or the tray's "Pause alerts"). */
  'orders.alertPrefsChanged': AlertPrefs,
  /** The local orders index was brought up to date. */
  'orders.indexChanged': OrdersIndexState,
  'updates.changed': UpdateState,
} satisfies Record<string, z.ZodType>

type CoreEvents = typeof coreEvents
export type CoreEventName = keyof CoreEvents
export type CoreEventPayload<E extends CoreEventName> = z.output<CoreEvents[E]>
/** How a feature announces something: the core's bus, typed by the events above. */
export type Emit = <E extends CoreEventName>(event: E, payload: CoreEventPayload<E>) => void
