import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { OrderStatus } from '../../../shared/api'
import { revokeTokens } from '../auth'
import { bodyText } from '../body-limit'
import { advanceClock, raisePrices, rawRecords } from '../control'
import { setShippingCountries } from '../domain/shipping-types'
import { ApiError, invalid } from '../errors'
import { tick, transitionOrder } from '../domain/workflow'
import { FaultSchema } from '../fault-schema'
import { parseJsonBody, toResponse } from '../app'
import type { Env } from '../operation'
import type { SandboxServer } from '../server'
import type { SandboxState } from '../state'

const json = (value: unknown, status = 200) => toResponse({ json: value }, status)
const noContent = () => new Response(null, { status: 204 })

/** Test endpoints take an empty body as {} and need no Content-Type; otherwise as any operation's body. */
function parse<T>(c: Context<Env>, schema: z.ZodType<T>): T {
  const text = bodyText(c)
  return text.trim() ? parseJsonBody(text, schema) : parseJsonBody('{}', schema)
}

/** /api/v1/_test/...: the powers of `control` over HTTP. Registered only in test mode (404 otherwise); no token needed. */
export function testAdminRoutes(state: SandboxState, server: () => SandboxServer): Hono<Env> {
  const t = new Hono<Env>()
  t.post('/clock/advance', (c) => {
    advanceClock(state, parse(c, z.object({ seconds: z.number().min(0).max(10 * 365 * 86400) })).seconds)
    return json({ now: state.clock.iso() })
  })
  t.get('/clock', () => json({ now: state.clock.iso() }))
  t.post('/orders/:id/transition', (c) => {
    const body = parse(c, z.object({ status: OrderStatus.exclude(['DRAFT']), reason: z.string().max(1000).optional() }))
    try {
      return json(transitionOrder(state, Number(c.req.param('id')), body.status, body.reason))
    } catch (err) {
      if (err instanceof RangeError) throw new ApiError(404, err.message)
      throw err
    }
  })
  t.post('/workflow/tick', () => json({ moved: tick(state) }))
  t.post('/prices/raise', (c) => {
    const body = parse(c, z.object({ product_ids: z.array(z.int().positive()).min(1).max(100_000), percent: z.number().gt(-100).max(1000) }))
    return json({ changed: raisePrices(state, body.product_ids, body.percent) })
  })
  t.post('/shipping_types/:id/countries', (c) => {
    const body = parse(c, z.object({ countries: z.array(z.int().positive()).max(1000), exclude_countries: z.boolean().default(false) }))
    try {
      setShippingCountries(state.store, Number(c.req.param('id')), body.countries, body.exclude_countries)
    } catch (err) {
      if (err instanceof RangeError) throw new ApiError(404, err.message)
      throw err
    }
    return noContent()
  })
  t.post('/tokens/revoke', (c) => json({ revoked: revokeTokens(state, parse(c, z.object({ client_id: z.string().optional() })).client_id) }))
  t.post('/faults', (c) => {
    const fault = parse(c, FaultSchema)
    try {
      state.faults.add(fault)
    } catch (err) {
      throw invalid([{ field: (err as Error).message.includes('query') ? 'match.query' : 'match.path', message: (err as Error).message }])
    }
    return noContent()
  })
  t.delete('/faults', () => {
    state.faults.clear()
    return noContent()
  })
  t.get('/requests', () => json(state.log.list()))
  t.delete('/requests', () => {
    state.log.clear()
    return noContent()
  })
  t.get('/baskets', () => json(rawRecords(state, 'basket')))
  t.get('/orders', () => json(rawRecords(state, 'order')))
  // Over HTTP a pause must end by itself: the port is closed for `seconds`, then opens again.
  t.post('/pause', (c) => {
    const { seconds } = parse(c, z.object({ seconds: z.number().min(0.1).max(600) }))
    // The answer goes out first; then the port closes for `seconds` (timers never keep the process alive).
    setTimeout(() => {
      void server()
        .pause()
        .then(() => setTimeout(() => void server().resume().catch((err: Error) => state.internalErrors.push(err)), seconds * 1000).unref())
    }, 20).unref()
    return json({ pausedForSeconds: seconds }, 202)
  })
  return t
}
