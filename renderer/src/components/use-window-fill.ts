import { onBeforeUnmount, onMounted, ref, type Ref } from 'vue'

/**
 * The height that lets a scrolling element (a virtual list's body) reach the bottom of the window
 * with the page scrolled to its top: the height of the content area (main, which scrolls on its own
 * under the app's header, AppFrame) less what the page shows above the element and below it, never
 * less than `least` (a small window scrolls the page instead). Measured
 * again when the window, the page or the element changes size (a notice shown above it, a row of
 * filters wrapping). Null until measured (no layout engine): the element's CSS height stands.
 */
export function useWindowFill(element: Ref<HTMLElement | null>, least: number): Ref<number | null> {
  const height = ref<number | null>(null)
  let frame = 0
  let observer: ResizeObserver | null = null

  const measure = (): void => {
    frame = 0
    const el = element.value
    const main = el?.closest('main')
    if (!el || !main) return
    const box = el.getBoundingClientRect()
    if (!box.height) return
    // What the page shows below the element: the rest of its content, then main's padding. (Not
    // main's own bottom: it stretches to the window when the page is shorter.)
    const contentBottom = Math.max(...[...main.children].map((c) => c.getBoundingClientRect().bottom))
    const below = contentBottom - box.bottom + (parseFloat(getComputedStyle(main).paddingBottom) || 0)
    // Where the element and the content area's visible bottom are with the page scrolled to its top.
    const area = main.getBoundingClientRect()
    const top = box.top + main.scrollTop
    const next = Math.max(least, Math.floor(area.top + main.clientTop + main.clientHeight - top - below))
    if (next !== Math.round(box.height)) height.value = next
  }
  // In the next frame, never inside a resize observation (which would then observe its own change).
  const soon = (): void => {
    if (!frame) frame = requestAnimationFrame(measure)
  }

  onMounted(() => {
    const el = element.value
    const main = el?.closest('main')
    if (!el || !main || typeof ResizeObserver === 'undefined') return
    observer = new ResizeObserver(soon)
    // The page (what lies above and below the element), main (an error notice above the page), the element.
    for (const target of [[...main.children].find((c) => c.contains(el)), main, el]) if (target) observer.observe(target)
    window.addEventListener('resize', soon)
    soon()
  })
  onBeforeUnmount(() => {
    observer?.disconnect()
    window.removeEventListener('resize', soon)
    if (frame) cancelAnimationFrame(frame)
  })
  return height
}
