import { z } from 'zod'
import { PER_PAGE_MAX } from '../api'

/** The page of a list a view asks for (`perPage` rows by default)... */
export const pageRequest = (perPage: number) => ({
  page: z.int().min(1).default(1),
  perPage: z.int().min(1).max(PER_PAGE_MAX).default(perPage),
})
/** ...and, in the answer, where that page stands in the whole list. */
export const pageInfo = { total: z.int(), pages: z.int(), page: z.int(), perPage: z.int() }
