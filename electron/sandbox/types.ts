import type { z } from 'zod'
import type { Basket, Order, OrderStatus } from '../../shared/api'
import type { FaultSchema } from './fault-schema'

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
   * Default true: GET /sandbox/capabilities offers `cancelOrder`, our demo's cancel route (the real
   * service cancels only in its web interface). False: a sandbox that answers like the real service (no cancel route: a 404).
   */
  cancelOrder?: boolean
  /**
   * How GET /whoami names the user's currency: 'code' (default) an ISO 4217 code as the spec (2.2)
   * types it, 'id' an integer currency id as the public sample describes it ("the user's currency ID").
   */
  whoamiCurrency?: 'code' | 'id'
  /**
   * Default false: no order ever waits in PENDING_AUTHORISATION (the spec names it only as a filter
   * value). True: orders over the organisation's authorisation limit wait there (our rule).
   */
  manualAuthorisation?: boolean
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
  /** Where a shipping type may ship from now on: `countries` (ids), or where it may not with `exclude`. */
  setShippingCountries(id: number, countries: number[], exclude: boolean): void
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

/** An injected fault: its shape is the schema's (fault-schema.ts), written once. */
export type Fault = z.infer<typeof FaultSchema>
export type { FaultMatch } from './fault-schema'
