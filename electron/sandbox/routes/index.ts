import type { AnyOperation } from '../operation'
import { productGroupOperations, userOperations } from './admin'
import { basketOperations } from './baskets'
import { orderOperations } from './orders'
import { productOperations } from './products'
import { referenceOperations } from './reference'
import { sessionOperations } from './session'

/** Every operation the sandbox serves under /api/v1, in the order of the README table. */
export const operations: AnyOperation[] = [
  ...sessionOperations,
  ...referenceOperations,
  ...userOperations,
  ...productGroupOperations,
  ...productOperations,
  ...basketOperations,
  ...orderOperations,
]
