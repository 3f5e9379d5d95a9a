import { benchSandbox } from '../../electron/sandbox/sandbox.bench'
import type { Print } from './run'

/** The sandbox's own figures (seeding, page latency), as area `sandbox`. */
export async function bench(print: Print): Promise<void> {
  await benchSandbox(print)
}
