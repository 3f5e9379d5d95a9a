import { nextTick, onBeforeUnmount, ref, shallowRef, watch } from 'vue'
import type { CatalogueSearchResult, ProductSummary } from '../../../../shared/ipc/channels/catalogue'
import { toApiError, type ApiError } from '../../services/api'
import { useCatalogueStore } from '../../stores/catalogue'

export interface ProductSearchOptions {
  /** The query the box starts with. */
  initial?: string
  /** Most matches shown. */
  limit: number
  /** The element id of the i-th option, to scroll the active one into view. */
  optionId: (i: number) => string
  /** Enter on a match of what the box says now. */
  choose: (p: ProductSummary, e: KeyboardEvent) => void
}

/**
 * A catalogue search behind a combobox: every keystroke's query searched at once (no typing pause:
 * a local search answers within a frame), its matches, the active one (arrows move, Enter chooses),
 * whether an answer came and for which query, and the last error. An answer to a query the box no
 * longer holds is dropped, so an older answer never paints over a newer one.
 */
export function useProductSearch(o: ProductSearchOptions) {
  const catalogue = useCatalogueStore()
  const query = ref(o.initial ?? '')
  const items = shallowRef<ProductSummary[]>([])
  /** How many products match in all: more than the matches shown when the list is capped. */
  const total = ref(0)
  const answered = ref<string | null>(null)
  /** The answer came from a first sync still landing: what it holds so far. */
  const partial = shallowRef<CatalogueSearchResult['partial'] | null>(null)
  const active = ref(0)
  const error = shallowRef<ApiError | null>(null)
  let seq = 0

  /** Drops the answer of a search under way. */
  function cancel(): void {
    seq++
  }
  onBeforeUnmount(cancel)

  /** Back to an empty box with nothing found. */
  function reset(): void {
    query.value = ''
    items.value = []
    total.value = 0
    answered.value = null
    partial.value = null
    active.value = 0
    error.value = null
  }

  watch(query, (q) => {
    const text = q.trim()
    if (!text) {
      cancel()
      items.value = []
      total.value = 0
      answered.value = null
      partial.value = null
      return
    }
    void lookup(text)
  })

  /** Searches what the box says now, without waiting. */
  function searchNow(): void {
    const text = query.value.trim()
    if (text) void lookup(text)
  }

  async function lookup(text: string): Promise<void> {
    const mine = ++seq
    try {
      const found = await catalogue.quickMatches(text, o.limit)
      if (mine === seq) {
        items.value = found.items
        total.value = Math.max(found.total, found.items.length)
        partial.value = found.partial ?? null
        answered.value = text
        active.value = 0
        error.value = null
      }
    } catch (err) {
      if (mine === seq) error.value = toApiError(err)
    }
  }

  watch(active, (i) => void nextTick(() => document.getElementById(o.optionId(i))?.scrollIntoView?.({ block: 'nearest' })))

  function onInputKey(e: KeyboardEvent): void {
    const n = items.value.length
    if (e.key === 'ArrowDown' && n) {
      e.preventDefault()
      active.value = (active.value + 1) % n
    } else if (e.key === 'ArrowUp' && n) {
      e.preventDefault()
      active.value = (active.value - 1 + n) % n
    } else if (e.key === 'Enter') {
      e.preventDefault()
      // Only a match of what the box says now: an answer to an earlier query is not what was meant.
      const p = items.value[active.value]
      if (p && answered.value === query.value.trim()) o.choose(p, e)
    }
  }

  return { query, items, total, answered, partial, active, error, cancel, reset, searchNow, onInputKey }
}
