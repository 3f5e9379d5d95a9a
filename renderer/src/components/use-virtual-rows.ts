import { computed, onBeforeUnmount, onMounted, ref, watch } from 'vue'

interface VirtualRowsOptions {
  /** Fixed row height in pixels. */
  rowHeight: number
  /** Rows kept beyond each edge of the view, so fast scrolling shows no gaps. */
  overscan: number
  /** Height to assume until the scroller has been measured. */
  initialHeight: number
  total: () => number
  /** Told the rows in view, so the owner fetches the pages they need. */
  onRange: (start: number, end: number) => void
}

/**
 * The window of a virtual list: only the rows in view (and a few around them) exist in the page,
 * whatever the total. Bind `scroller` as the scrolling element's ref and `onScroll` to its scroll
 * event; render `indices`. Used by the catalogue results (the orders table uses TanStack Virtual).
 */
export function useVirtualRows(o: VirtualRowsOptions) {
  const scroller = ref<HTMLElement | null>(null)
  const scrollTop = ref(0)
  const height = ref(o.initialHeight)
  let resize: ResizeObserver | null = null

  const range = computed(() => {
    const start = Math.max(0, Math.floor(scrollTop.value / o.rowHeight) - o.overscan)
    const end = Math.min(o.total(), Math.ceil((scrollTop.value + height.value) / o.rowHeight) + o.overscan)
    return [start, Math.max(start, end)] as const
  })
  const indices = computed(() => {
    const [start, end] = range.value
    return Array.from({ length: end - start }, (_, i) => start + i)
  })
  watch(range, ([s, e]) => o.onRange(s, e), { immediate: true })

  /**
   * The rows follow the scroller at once: the browser sends at most one scroll event a frame and
   * Vue renders once per tick anyway; waiting for the next frame only showed a jump a frame late.
   */
  function onScroll(): void {
    scrollTop.value = scroller.value?.scrollTop ?? 0
  }

  function toTop(): void {
    if (scroller.value) scroller.value.scrollTop = 0
    scrollTop.value = 0
  }

  onMounted(() => {
    if (!scroller.value) return
    height.value = scroller.value.clientHeight || height.value
    resize = new ResizeObserver(() => (height.value = scroller.value?.clientHeight || height.value))
    resize.observe(scroller.value)
  })
  onBeforeUnmount(() => {
    resize?.disconnect()
  })

  return { scroller, indices, onScroll, toTop }
}
