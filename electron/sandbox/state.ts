import type { Product } from '../../shared/api'
import type { Clock } from './clock'
import type { Store } from './db/store'
import { OrgTree } from './domain/organisations'
import { PriceBook } from './domain/prices'
import type { RoleSeed } from './domain/permissions'
import { Faults, RequestLog } from './faults'
import { PageValidators } from './page-validators'
import { SecretVerifier } from './secrets'
import type { SandboxClientCredentials, SandboxOptions } from './types'

export type ResolvedOptions = Required<SandboxOptions>

export function resolveOptions(opts: SandboxOptions = {}): ResolvedOptions {
  const o: ResolvedOptions = {
    port: opts.port ?? 0,
    dbPath: opts.dbPath ?? ':memory:',
    seed: opts.seed ?? 42,
    products: opts.products ?? 2000,
    orders: opts.orders ?? 500,
    testMode: opts.testMode ?? false,
    tokenTtlSeconds: opts.tokenTtlSeconds ?? 3600,
    speed: opts.speed ?? 1,
    rateLimitPerMinute: opts.rateLimitPerMinute ?? 0,
    cancelOrder: opts.cancelOrder ?? true,
    whoamiCurrency: opts.whoamiCurrency ?? 'code',
    manualAuthorisation: opts.manualAuthorisation ?? false,
    movesPerMinute: opts.movesPerMinute ?? 0,
  }
  const whole = (name: keyof ResolvedOptions, min: number, max: number) => {
    const v = o[name] as number
    if (!Number.isInteger(v) || v < min || v > max) throw new RangeError(`startSandbox: ${name} must be an integer in [${min}, ${max}]`)
  }
  whole('port', 0, 65535)
  whole('seed', 0, 2 ** 32 - 1)
  whole('products', 0, 1_000_000)
  whole('orders', 0, 1_000_000)
  whole('tokenTtlSeconds', 1, 10 * 365 * 86400)
  whole('rateLimitPerMinute', 0, 1_000_000)
  whole('movesPerMinute', 0, 1_000_000)
  if (!Number.isFinite(o.speed) || o.speed < 0) throw new RangeError('startSandbox: speed must be a number >= 0')
  if (o.whoamiCurrency !== 'code' && o.whoamiCurrency !== 'id') throw new RangeError("startSandbox: whoamiCurrency must be 'code' or 'id'")
  return o
}

/**
 * Everything a request handler needs: the database, the clock and the in-memory caches, on a
 * database that is already seeded (open-state.ts opens and seeds it, so this module, which every
 * domain module reads, imports none of them).
 */
export class SandboxState {
  readonly orgs: OrgTree
  readonly prices: PriceBook
  readonly roles: Map<number, RoleSeed>
  readonly verifier = new SecretVerifier()
  readonly faults = new Faults()
  readonly log = new RequestLog()
  readonly seed: number
  /** Parsed products for line items (see loadProduct). */
  readonly productCache = new Map<number, Product>()
  /** ETags of the product pages last answered, while nothing has been written since. */
  readonly pageValidators: PageValidators
  /** Unexpected errors (answered as 500); tests assert this stays empty. */
  readonly internalErrors: Error[] = []
  /** The simulator's allowance of moves under options.movesPerMinute (tokens, refilled with the clock). */
  readonly moveBudget: { tokens: number; at: number }
  /** Set once the server listens, e.g. http://127.0.0.1:40123/api/v1 */
  baseUrl = ''

  constructor(
    readonly options: ResolvedOptions,
    readonly store: Store,
    readonly clock: Clock,
    readonly credentials: SandboxClientCredentials[],
  ) {
    this.moveBudget = { tokens: 0, at: clock.now() }
    this.seed = Number(store.meta('seed'))
    this.orgs = new OrgTree(this.store)
    this.prices = new PriceBook(this.store)
    this.pageValidators = new PageValidators(this.store, () => this.baseUrl)
    this.roles = new Map(
      this.store
        .all<{ id: number; name: string; parent: number | null; permissions: string }>('SELECT id, name, parent, permissions FROM roles')
        .map((r) => [r.id, { ...r, permissions: JSON.parse(r.permissions) as RoleSeed['permissions'] }]),
    )
  }

  get testMode(): boolean {
    return this.options.testMode
  }
}
