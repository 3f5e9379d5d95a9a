import { unreadFields } from '../../../shared/api'
import { AppError } from '../../../shared/model/app-error'

/**
 * A record the service overwrites whole (a basket by modify, a user or product group by PUT, spec
 * 4.2 "body as create") is written back from what was read: values that could not be read would go
 * back empty or be dropped, so a record not fully read is changed only in the service's web interface.
 * `writtenBack`: the fields the write sends, when not all of them.
 */
export function assertFullyRead(record: object, what: string, writtenBack?: readonly string[]): void {
  // Fields that are only shown (a user's audit trail) are not sent back: only what is written counts.
  const unread = unreadFields(record).filter((f) => !writtenBack || writtenBack.includes(f))
  if (unread.length) {
    throw new AppError('conflict', `${what} could not be fully read (${unread.join(', ')}); changing it from here would overwrite those values. Change it in the service's web interface.`)
  }
}
