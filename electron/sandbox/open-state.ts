import { Clock } from './clock'
import { Store } from './db/store'
import { credentialsFor, seedBase, seedHistory } from './seed'
import { seedShippingTypes } from './seed/people'
import { type ResolvedOptions, SandboxState } from './state'

/**
 * Opens the sandbox's database (a file or memory) and its state: a fresh database is seeded first
 * (reference data and people, then the order history, which needs the state), a reopened one keeps
 * what it has and the seed it was made with (and so its credentials).
 */
export function openSandboxState(options: ResolvedOptions): SandboxState {
  const store = new Store(options.dbPath)
  const clock = new Clock()
  const fresh = store.meta('seeded') !== 'yes'
  if (fresh) seedBase(store, options, clock)
  else seedShippingTypes(store)
  const state = new SandboxState(options, store, clock, credentialsFor(Number(store.meta('seed'))))
  if (fresh) seedHistory(state, options)
  return state
}
