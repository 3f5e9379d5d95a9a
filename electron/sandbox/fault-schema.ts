import { z } from 'zod'

/** Which requests a fault applies to; all of them when left out. */
const FaultMatchSchema = z
  .object({
    method: z.string().min(1).max(10).optional(),
    /** Regex source matched against the path after /api/v1. */
    path: z.string().max(500).optional(),
    /** Regex source matched against the raw query string (e.g. `(^|&)page=3(&|$)`). */
    query: z.string().max(500).optional(),
  })
  .optional()
const times = z.int().min(1).optional()
/**
 * A fault the sandbox injects (test mode only): the one definition of its shape, which validates the
 * body of POST /_test/faults and gives the `Fault` type (types.ts).
 */
export const FaultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('latency'), ms: z.int().min(0).max(120_000), match: FaultMatchSchema }),
  z.object({
    kind: z.literal('status'),
    status: z.union([z.literal(500), z.literal(502), z.literal(503), z.literal(429)]),
    retryAfterSeconds: z.int().min(0).max(86_400).optional(),
    /** How Retry-After is written (RFC 9110 10.2.3 allows both): seconds (default) or the HTTP date that far ahead. */
    retryAfterAs: z.enum(['seconds', 'date']).optional(),
    times: z.int().min(1).optional(),
    match: FaultMatchSchema,
  }),
  /** Performs the write, then destroys the socket without answering. */
  z.object({ kind: z.literal('dropAfterCommit'), times: z.int().min(1).optional(), match: FaultMatchSchema }),
  /** Destroys the socket without doing anything. */
  z.object({ kind: z.literal('dropBefore'), times: z.int().min(1).optional(), match: FaultMatchSchema }),
  // Hostile answers (hostile-answers.ts): what a broken network or a hostile host may send.
  /** A 200 whose body is `bytes` long (default 500 MB), with or without a Content-Length (default with). */
  z.object({ kind: z.literal('hugeBody'), bytes: z.int().min(1).max(2 ** 40).optional(), declareLength: z.boolean().optional(), times, match: FaultMatchSchema }),
  /** A 200 whose body never ends: as fast as it is read, or at `bytesPerSecond`. */
  z.object({ kind: z.literal('endless'), bytesPerSecond: z.int().min(1).optional(), times, match: FaultMatchSchema }),
  /** The real answer, at `bytesPerSecond` (default 1). */
  z.object({ kind: z.literal('slow'), bytesPerSecond: z.int().min(1).optional(), times, match: FaultMatchSchema }),
  /** A decompression bomb: `[` and endless spaces, gzip (default, ~1000:1) or br encoded. */
  z.object({ kind: z.literal('bomb'), encoding: z.enum(['gzip', 'br']).optional(), times, match: FaultMatchSchema }),
  /** A 200 of arrays nested `depth` deep (default 100,000). */
  z.object({ kind: z.literal('deepJson'), depth: z.int().min(1).max(10_000_000).optional(), times, match: FaultMatchSchema }),
  /** A captive portal's sign-in page: a 200 (default), a 302 to the portal, or a 511, all HTML. */
  z.object({ kind: z.literal('captivePortal'), status: z.union([z.literal(200), z.literal(302), z.literal(511)]).optional(), times, match: FaultMatchSchema }),
  /**
   * Answers as usual, then changes the JSON it sends, as a later or odder service might: each of the
   * first `rows` list rows (all by default; the body itself for a single resource) gets the `set`
   * values at their dotted paths (`status`, `line_items.0.name`, `x_new_field`) and loses the
   * `unset` ones; with `ids`, only the rows (or the resource) with those ids, on whichever page they
   * come. Adds up with the other faults, like latency.
   */
  z.object({
    kind: z.literal('reshape'),
    set: z.record(z.string().min(1).max(200), z.unknown()).optional(),
    unset: z.array(z.string().min(1).max(200)).max(50).optional(),
    rows: z.int().min(1).optional(),
    /** Only the list rows (or the resource) with these ids: a real service's odd records are odd whichever page carries them. */
    ids: z.array(z.int()).max(1000).optional(),
    /** Answer headers left out (e.g. `X-Total-Pages`: a service that does not send it). */
    unsetHeaders: z.array(z.string().min(1).max(100)).max(20).optional(),
    /** Which answers: the successful ones (default), or the refusals (an error body as another service writes it). */
    answers: z.enum(['ok', 'error']).optional(),
    match: FaultMatchSchema,
  }),
])

export type FaultMatch = NonNullable<z.infer<typeof FaultMatchSchema>>
