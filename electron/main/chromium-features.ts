/**
 * Chromium features the app's renderer runs without. Plain data and a pure merge, so the browser
 * harness launches Chromium with the very same list (tests/e2e/support/app.ts, the benches).
 *
 * - DeferRendererTasksAfterInput: after a key press Chromium holds back the page's network and
 *   message tasks until the key's own frame is painted (on the web that keeps third-party work from
 *   delaying the echo). Here those tasks are the answer to the key: a SKU typed into the lookup box
 *   would always paint one frame (16.7 ms) after its echo instead of with it. Measured through the
 *   harness with 100,000 products: keystroke to painted SKU answer p95 34–37 → 19–23 ms (the answer
 *   reaches the page ~5 ms after the key; it then waited for the echo's frame, up to 16.7 ms).
 */
export const DISABLED_CHROMIUM_FEATURES = ['DeferRendererTasksAfterInput'] as const

/**
 * The value of `--disable-features` with ours added to any already given (a switch given twice
 * keeps only its last value, so a user's own list would otherwise be dropped).
 */
export function disableFeaturesValue(existing: string): string {
  const names = existing
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean)
  for (const f of DISABLED_CHROMIUM_FEATURES) if (!names.includes(f)) names.push(f)
  return names.join(',')
}

/** The same as one command-line argument, for a Chromium the harness launches. */
export const DISABLE_FEATURES_ARG = `--disable-features=${disableFeaturesValue('')}`
