import type { Clock } from '../clock'
import type { Store } from '../db/store'
import type { SandboxClientCredentials } from '../types'
import type { SandboxState } from '../state'
import { seedCatalogue } from './catalogue'
import { seedOrders } from './orders'
import { seedProductGroups } from './product-groups'
import { credentialsOf, planPeople, seedPeople } from './people'
import { Random } from './random'

/** A fixed moment the seeded history is dated against, so the same seed gives the same data. */
export const SEED_EPOCH = Date.UTC(2025, 5, 30, 9, 0, 0)

export interface SeedSize {
  seed: number
  products: number
  orders: number
}

/** Seeds organisations, people and the catalogue into an empty database. */
export function seedBase(store: Store, size: SeedSize, clock: Clock): void {
  if (store.get('SELECT 1 AS x FROM organisations LIMIT 1')) throw new Error(`The sandbox database ${store.path} was only partly seeded: delete it and start again`)
  const rng = new Random(size.seed)
  store.transaction(() => {
    seedPeople(store, rng, planPeople(rng), clock.iso(SEED_EPOCH))
    store.setMeta('seed', String(size.seed))
  })
  seedCatalogue(store, rng, size.products)
}

/** Seeds the order history (needs the state's caches) and marks the database as seeded. */
export function seedHistory(state: SandboxState, size: SeedSize): void {
  const rng = new Random(size.seed)
  state.store.transaction(() => seedProductGroups(state))
  seedOrders(state, rng, size.orders, planPeople(rng), SEED_EPOCH)
  state.store.setMeta('seeded', 'yes')
}

export function credentialsFor(seed: number): SandboxClientCredentials[] {
  return credentialsOf(planPeople(new Random(seed)))
}
