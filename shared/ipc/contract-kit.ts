import { z } from 'zod'
import { Id } from '../api'
import { AppError, ErrorCode, ErrorReport, fieldsOf } from '../model/app-error'
import { pageInfo, pageRequest } from '../model/paging'

export { AppError, fieldsOf, pageInfo, pageRequest }

/** One request/response channel of the IPC contract. */
export interface ChannelDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I
  output: O
}
export const channel = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O): ChannelDef<I, O> => ({ input, output })

/** The input of a channel about one service record. */
export const ById = z.object({ id: Id })

/** The typed error every channel answers with instead of throwing across the bridge: the model's ErrorReport. */
export const IpcErrorCode = ErrorCode
export type IpcErrorCode = ErrorCode
export const IpcError = ErrorReport
export type IpcError = ErrorReport

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError }
