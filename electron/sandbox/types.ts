import type { Basket, Order, OrderStatus } from '../../shared/api'

/** The programmatic API of the sandbox (other packages code against exactly this). */
export interface SandboxOptions {
  /** Default 0 = a random free port; the sandbox binds 127.0.0.1 only. */
  port?: number
  /** Default ':memory:'. An existing, already seeded file is reused as it is. */
  dbPath?: string
  /** Default 42; the same seed gives the same data (ids, SKUs, credentials). */
  seed?: number
  /** Default 2000 (at least the fixed showcase products are always present). */
  products?: number
  /** Default 500 historic orders, spread over every status, with shipments. */
  orders?: number
  /** Default false; enables /api/v1/_test admin endpoints and fault injection. */
  testMode?: boolean
  /** Default 3600. */
  tokenTtlSeconds?: number
  /** Workflow simulator speed multiplier; 0 = simulator off (tests drive transitions); default 1. */
  speed?: number
  /** Requests per minute per caller before 429; default 0 = off. */
  rateLimitPerMinute?: number
  /**
   * At most this many automatic status moves per minute of the sandbox clock, across all orders
   * (the demo's pace: a few a minute, as a real distributor's day looks); default 0 = no limit.
   */
  movesPerMinute?: number
}

export interface SandboxClientCredentials {
  clientId: string
  clientSecret: string
  userId: number
  organisationId: number
  admin: boolean
}

export interface Sandbox {
  /** e.g. http://127.0.0.1:40123 */
  url: string
  /** url + '/api/v1' (what a client profile stores) */
  baseUrl: string
  /** The admin user of the top organisation (org A). */
  demo: SandboxClientCredentials
  /** At least one admin and one non-admin client per seeded organisation. */
  clients: SandboxClientCredentials[]
  control: SandboxControl
  close(): Promise<void>
}

export interface RequestLogEntry {
  method: string
  /** The path after /api/v1 (e.g. `/baskets/12`); paths outside /api/v1 as they are. */
  path: string
  /** 0 when a fault dropped the connection without an answer. */
  status: number
  bytes: number
  /** Extra: the raw query string without `?` ('' if none). */
  query: string
}

export interface SandboxControl {
  /** Moves the sandbox clock (token expiry, workflow due times). */
  advanceClock(seconds: number): void
  /** Drives the workflow directly; adds shipment/tracking when moving to PART_SHIPPED/SHIPPED. */
  transition(orderId: number, status: OrderStatus, opts?: { reason?: string }): void
  /** Runs one workflow simulator step now. */
  tick(): void
  /** buy_price_increased: raises the buy price of the given products by percent. */
  raisePrices(productIds: number[], percent: number): void
  revokeTokens(clientId?: string): void
  injectFault(fault: Fault): void
  clearFaults(): void
  requestLog(): RequestLogEntry[]
  clearRequestLog(): void
  /** Everything, all organisations, for test assertions. */
  listBasketsRaw(): Basket[]
  listOrdersRaw(): Order[]
  /** Stop/start accepting connections on the same port (the service going offline and back). */
  pause(): Promise<void>
  resume(): Promise<void>
}

export type Fault =
  | { kind: 'latency'; ms: number; match?: FaultMatch }
  | { kind: 'status'; status: 500 | 502 | 503 | 429; retryAfterSeconds?: number; times?: number; match?: FaultMatch }
  /** Performs the write, then destroys the socket without answering. */
  | { kind: 'dropAfterCommit'; times?: number; match?: FaultMatch }
  /** Destroys the socket without doing anything. */
  | { kind: 'dropBefore'; times?: number; match?: FaultMatch }

export interface FaultMatch {
  method?: string
  /** Regex source matched against the path after /api/v1. */
  path?: string
}
