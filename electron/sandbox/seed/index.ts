import type { Clock } from '../clock'
import type { Store } from '../db/store'
import type { SandboxClientCredentials } from '../types'
import { seedCatalogue } from './catalogue'
import { credentialsOf, planPeople, seedPeople } from './people'
import { Random } from './random'

/** A fixed moment the seeded history is dated against, so the same seed gives the same data. */
export const SEED_EPOCH = Date.UTC(2025, 5, 30, 9, 0, 0)

export interface SeedSize {
  seed: number
  products: number
  orders: number
}

/** Seeds an empty database; a database that says it is seeded is left as it is. */
export function seedAll(store: Store, size: SeedSize, clock: Clock): void {
  const rng = new Random(size.seed)
  const people = planPeople(rng)
  store.transaction(() => {
    seedPeople(store, rng, people, clock.iso(SEED_EPOCH))
  })
  seedCatalogue(store, rng, size.products)
  store.transaction(() => {
    store.setMeta('seed', String(size.seed))
    store.setMeta('seeded', 'yes')
  })
}

export function credentialsFor(seed: number): SandboxClientCredentials[] {
  return credentialsOf(planPeople(new Random(seed)))
}
