import { z } from 'zod'
import { LANGUAGES } from '../locales/languages'

/** Identifiers are positive integers throughout the service (spec section 2). */
export const Id = z.int().positive()

/** Date-times are ISO 8601 without a zone designator (spec section 2); kept as text. */
export const DateTime = z.string()

/** The service's six display languages (spec 2.5 user_language): the app's own, listed in shared/locales. */
export const Language = z.enum(LANGUAGES)
export type Language = z.infer<typeof Language>

/** Ship and provisioning instructions: at most 3500 characters (spec section 8). */
export const INSTRUCTIONS_MAX = 3500

/**
 * Pagination of every list operation (spec 4.2). The public record: "page starts at 1; per_page
 * defaults to 1000 and can never be higher than 1000" — so a larger per_page is served as 1000 (the
 * X-Total-Pages header counts pages of 1000), and a page before the first (0 or below) is the
 * first. An empty value (`page=`, `per_page=`) is the default, as an empty filter is no filter; a
 * page past the end, however far, is an empty page. A per_page below 1 or a value that is no
 * integer is refused.
 */
export const PER_PAGE_MAX = 1000
const blankIsDefault = (v: unknown) => (v === '' ? undefined : v)
/**
 * An integer query value as written in decimal digits (an optional sign, surrounding spaces allowed).
 * `Number()` alone would also read `0x10`, `1e3` and `0b11`, spellings no integer parameter takes.
 */
export const integerText = <T extends z.ZodType>(inner: T) =>
  z.preprocess((v) => (typeof v !== 'string' ? v : /^\s*[+-]?[0-9]+\s*$/.test(v) ? Number(v) : Number.NaN), inner)
const wholeNumber = integerText(z.number().refine(Number.isInteger, 'Invalid input: expected an integer'))
export const Paging = z.object({
  page: z.preprocess(
    blankIsDefault,
    wholeNumber.transform((p) => Math.min(Math.max(p, 1), Number.MAX_SAFE_INTEGER)).default(1),
  ),
  per_page: z.preprocess(
    blankIsDefault,
    wholeNumber
      .refine((n) => n >= 1, 'Too small: expected number to be >=1')
      .transform((n) => Math.min(n, PER_PAGE_MAX))
      .default(PER_PAGE_MAX),
  ),
})
export type Paging = z.infer<typeof Paging>

/** A list answer as the client sees it: the rows plus the X-Total-Count / X-Total-Pages headers. */
export interface ListPage<T> {
  items: T[]
  total: number
  pages: number
}
