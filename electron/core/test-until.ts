/**
 * TESTS ONLY — waits for something the core does in the background (a probe, a sync, a warm-up):
 * asks `check` every 10 ms and answers its first truthy value; fails naming `what` after 5 s.
 */
export async function until<T>(check: () => T | Promise<T>, what: string): Promise<T> {
  for (let i = 0; i < 500; i++) {
    const r = await check()
    if (r) return r
    await new Promise((ok) => setTimeout(ok, 10))
  }
  throw new Error(`${what} did not happen`)
}
