import { nextTick, onMounted, ref, watch, type Ref } from 'vue'

/**
 * Column widths taken from the words a column will show, for a virtual table whose rows are each
 * a grid of their own (so no column can size itself from its cells). `measure` holds hidden
 * samples, each marked `data-col="<name>"` and drawn as the cells draw them: every date format of
 * the year, every status word, the widest total. The result sets `--col-<name>` to the widest
 * sample of each name, in px, measured again whenever `key` changes (language, currency, theme).
 * Where nothing is laid out (no layout engine) no width is set, and the table's defaults stand.
 */
export function useMeasuredColumns(measure: Ref<HTMLElement | null>, key: () => string): Ref<Record<string, string>> {
  const widths = ref<Record<string, string>>({})
  const take = (): void => {
    const el = measure.value
    if (!el) return
    const widest = new Map<string, number>()
    for (const sample of el.querySelectorAll<HTMLElement>('[data-col]')) {
      const name = sample.dataset.col!
      widest.set(name, Math.max(widest.get(name) ?? 0, sample.getBoundingClientRect().width))
    }
    const next: Record<string, string> = {}
    for (const [name, px] of widest) if (px > 0) next[`--col-${name}`] = `${Math.ceil(px)}px`
    widths.value = next
  }
  onMounted(() => {
    take()
    // A font that finishes loading later changes the words' widths.
    void document.fonts?.ready.then(take)
  })
  watch(key, () => void nextTick(take))
  return widths
}

/**
 * A sample as wide as the widest of `amounts` is drawn: 8s (the widest digit in most fonts) in as
 * many integer digits as the largest has, at least `digits`, negative if any is. It changes only
 * when that count does, so scrolling and sorting do not measure the columns again.
 */
export function amountSample(amounts: Iterable<number>, digits: number): number {
  let most = digits
  let negative = false
  for (const a of amounts) {
    if (!Number.isFinite(a)) continue
    most = Math.max(most, Math.trunc(Math.abs(a)).toString().length)
    negative ||= a < 0
  }
  const sample = Number(`${'8'.repeat(most)}.88`)
  return negative ? -sample : sample
}
