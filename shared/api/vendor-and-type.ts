import { z } from 'zod'
import { Id } from './common'

/**
 * A vendor or product type record. The spec shows only their ids ("fields not shown"); our sandbox
 * answers GET /vendors and GET /product_types with id and name (ours), and where a service has no
 * such list the app names them by id ("Vendor 4").
 */
export const Vendor = z.object({ id: Id, name: z.string().min(1) })
export type Vendor = z.infer<typeof Vendor>
export const ProductType = z.object({ id: Id, name: z.string().min(1) })
export type ProductType = z.infer<typeof ProductType>
