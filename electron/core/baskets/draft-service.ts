import type { DraftError } from '../../../shared/model/draft'
import type { DraftRecord } from './basket-store'

/**
 * The one rule for "is this draft the current service's": a draft's products, organisation,
 * addresses and (source) basket are the service it was made or queued for (serviceOf). Sent to
 * another, they could place a wrong order or update an unrelated basket. Answers the error to
 * show when it is another's; null when it may be sent (an unrecorded service counts as this one).
 */
export function otherServiceError(rec: Pick<DraftRecord, 'service'>, current: string): DraftError | null {
  if (rec.service === null || rec.service === current) return null
  return {
    message: `This draft was made for another service (${rec.service}); check it against this service, then use it with this service and submit it again.`,
    code: 'other_service',
    service: rec.service,
  }
}
