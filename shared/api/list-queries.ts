import { z } from 'zod'
import { Id, integerText, Paging } from './common'
import { PaymentType, OrderStatus, BASKET_SORTS, ORDER_SORTS } from './order'
import { PRODUCT_SORTS } from './product'
import { USER_SORTS } from './user'

/**
 * Query parameters of the list operations (spec 4.2). Different parameters are ANDed; a parameter
 * repeated with several values is ORed (service-conventions.md, Lists) — every filter, so text,
 * booleans and range bounds are arrays too: `text=a&text=b` matches either, `verified=true&verified=false`
 * everyone, `start_date=x&start_date=y` on or after either.
 */
/** A parameter given once arrives as a value, repeated as an array: always an array (or absent). */
const repeated = (v: unknown) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])
/**
 * Ids, enumerations, booleans, dates and numbers never hold a comma, so `status=A,B` is read as
 * `status=A&status=B` (a spelling the record is silent on), and an empty value (`status=`) is no
 * filter rather than a value matching nothing.
 */
const listed = (v: unknown) => {
  const list = repeated(v)?.flatMap((x) => (typeof x === 'string' ? x.split(',') : [x])).filter((x) => x !== '')
  return list?.length ? list : undefined
}
const many = <T extends z.ZodType>(item: T) => z.preprocess(listed, z.array(item).optional())
const bool = many(z.preprocess((v) => (typeof v !== 'string' ? v : ['true', '1'].includes(v.toLowerCase()) ? true : ['false', '0'].includes(v.toLowerCase()) ? false : v), z.boolean()))
/** Text is taken as given (a comma is text); repeated, its values are ORed. */
const text = z.preprocess(repeated, z.array(z.string().max(255)).optional())
const sortBy = <T extends readonly [string, ...string[]]>(values: T, dflt: T[number]) => z.preprocess(listed, z.array(z.enum(values)).min(1).default([dflt]))

export const ProductListQuery = Paging.extend({
  vendor: many(integerText(z.number().int().min(-1))),
  type: many(integerText(z.number().int().min(-1))),
  text,
  sort_by: sortBy(PRODUCT_SORTS, '-popularity'),
})
export type ProductListQuery = z.input<typeof ProductListQuery>

export const UserListQuery = Paging.extend({
  text,
  organisation: many(integerText(Id)),
  verified: bool,
  disabled: bool,
  password_reset: bool,
  sort_by: sortBy(USER_SORTS, '-name'),
})
export type UserListQuery = z.input<typeof UserListQuery>

export const BasketListQuery = Paging.extend({ sort_by: sortBy(BASKET_SORTS, '+name') })
export type BasketListQuery = z.input<typeof BasketListQuery>

export const OrderListQuery = Paging.extend({
  status: many(OrderStatus),
  payment_type: many(PaymentType),
  text,
  organisation: many(integerText(Id)),
  start_date: many(z.iso.date()),
  end_date: many(z.iso.date()),
  value_from: many(z.coerce.number()),
  value_to: many(z.coerce.number()),
  sort_by: sortBy(ORDER_SORTS, '-date'),
})
export type OrderListQuery = z.input<typeof OrderListQuery>
