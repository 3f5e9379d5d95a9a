import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { Basket } from '../../../shared/api'
import type { DraftSummary, OutboxCounts, ReferenceData } from '../../../shared/ipc/channels/baskets'
import { api, toApiError, type ApiError } from '../services/api'

type ServerSort = '+name' | '-name' | '+total' | '-total'

/**
 * Baskets as the views show them: the local drafts with their outbox state, the counts of
 * submissions waiting (offline banner, tray), the "current draft" the scanner adds to, and a page
 * of the organisation's server baskets. Durable state lives in the core; this follows its
 * `baskets.changed` and `outbox.changed` events.
 */
export const useBasketsStore = defineStore('baskets', () => {
  const drafts = ref<DraftSummary[]>([])
  const outbox = ref<OutboxCounts>({ queued: 0, sending: 0, needsReview: 0, rejected: 0 })
  const currentId = ref<string | null>(null)
  const loaded = ref(false)
  const error = shallowRef<ApiError | null>(null)
  const server = ref<{ items: Basket[]; total: number; pages: number; partial: number[]; unreadable: number } | null>(null)
  const serverQuery = ref<{ page: number; per_page: number; sort_by: ServerSort }>({ page: 1, per_page: 25, sort_by: '+name' })
  const serverError = shallowRef<ApiError | null>(null)
  /** Bumped on every `baskets.changed` for a draft, so an open editor can reload it. */
  const changes = ref<{ draftId: string | null; n: number; revision?: number }>({ draftId: null, n: 0 })
  let subscriptions: (() => void)[] = []
  let refreshing: Promise<void> | null = null
  let again = false
  /**
   * Views showing the list of drafts. Only while one is shown does a change re-list every draft:
   * the editor saving each keystroke of a large draft costs that one save, not a listing of every
   * draft too (a view that shows the list calls init() on mount, which lists them afresh).
   */
  let listing = 0

  async function refresh(): Promise<void> {
    if (refreshing) {
      again = true
      return refreshing
    }
    refreshing = (async () => {
      try {
        const list = await api.baskets.list()
        drafts.value = list.drafts
        outbox.value = list.outbox
        currentId.value = list.currentId
        error.value = null
      } catch (err) {
        error.value = toApiError(err)
      } finally {
        loaded.value = true
      }
    })().finally(() => {
      refreshing = null
      if (again) {
        again = false
        void refresh()
      }
    })
    return refreshing
  }

  function init(): Promise<void> {
    subscribe()
    return refresh()
  }

  /** Follows the core's changes; lists the drafts only if they never were (a draft's editor needs no fresh list). */
  function follow(): Promise<void> {
    const first = !loaded.value && !refreshing
    subscribe()
    return first ? refresh() : Promise.resolve()
  }

  function subscribe(): void {
    if (!subscriptions.length) {
      subscriptions = [
        api.on('baskets.changed', ({ draftId, lineCount, revision }) => {
          changes.value = { draftId, n: changes.value.n + 1, revision }
          const listed = draftId === null ? undefined : drafts.value.find((d) => d.id === draftId)
          if (listing > 0 || !listed || lineCount === undefined || lineCount === null) void refresh()
          // An edit of a listed draft while no list is shown: its line count (the header's badge) is enough.
          else listed.lineCount = lineCount
        }),
        api.on('outbox.changed', (counts) => (outbox.value = counts)),
      ]
    }
  }

  /** A view shows the list of drafts until the function returned is called: it follows every change. */
  function showList(): () => void {
    listing++
    let shown = true
    return () => {
      if (shown) listing--
      shown = false
    }
  }

  async function loadServer(query: Partial<typeof serverQuery.value> = {}): Promise<void> {
    serverQuery.value = { ...serverQuery.value, ...query }
    try {
      server.value = await api.baskets.serverList(serverQuery.value)
      serverError.value = null
    } catch (err) {
      serverError.value = toApiError(err)
    }
  }

  async function loadReference(organisation?: number): Promise<ReferenceData> {
    return api.baskets.referenceData(organisation !== undefined ? { organisation } : {})
  }

  async function setCurrent(id: string | null): Promise<void> {
    currentId.value = (await api.baskets.setCurrent({ id })).currentId
  }

  /**
   * What a draft read from the core says of itself: whether it is the current one. Submitting the
   * current draft ends it being current (the core's change event says only its line count), and the
   * header's "Current draft" link must not stay on a basket already sent.
   */
  function noteCurrent(id: string, current: boolean): void {
    if (current) currentId.value = id
    else if (currentId.value === id) currentId.value = null
  }

  return { drafts, outbox, currentId, loaded, error, server, serverQuery, serverError, changes, init, follow, showList, refresh, loadServer, loadReference, setCurrent, noteCurrent }
})
