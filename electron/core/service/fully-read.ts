import { unreadFields } from '../../../shared/api'
import { AppError } from '../../../shared/model/app-error'

/**
 * A record the service overwrites whole (a basket by modify, a user or product group by PUT, spec
 * 4.2 "body as create") is written back from what was read: values that could not be read would go
 * back empty or be dropped, so a record not fully read is changed only in the service's web interface.
 */
export function assertFullyRead(record: object, what: string): void {
  const unread = unreadFields(record)
  if (unread.length) {
    throw new AppError('conflict', `${what} could not be fully read (${unread.join(', ')}); changing it from here would overwrite those values. Change it in the service's web interface.`)
  }
}
