import type { ServiceClient } from '../service/client'
import { ServiceError } from '../service/service-error'

export interface AdminDeps {
  client: () => ServiceClient
}

/**
 * Runs one administration call and rewords what the user must understand when it fails: a 403
 * names the permission the action needs; offline says nothing was saved and the form keeps what
 * was typed. Field messages (422) pass through untouched so they land on the fields they name.
 */
export async function adminCall<T>(deps: AdminDeps, action: string, permission: string, fn: (c: ServiceClient) => Promise<T>): Promise<T> {
  try {
    return await fn(deps.client())
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err
    if (err.code === 'forbidden') {
      throw new ServiceError('forbidden', `The service did not allow you to ${action} (it needs the ${permission} permission). ${err.message}`, err.status, false, err.fields)
    }
    if (err.code === 'offline') {
      throw new ServiceError('offline', `${err.message} Administration needs the service: nothing was saved, and what you typed is kept.`, err.status, err.mayHaveApplied, err.fields)
    }
    throw err
  }
}
