import { adminAccess, type AdminAccess } from '../../../../shared/permissions'
import { useConnectionStore } from '../../stores/connection'

/**
 * The current user's administration rights. Read inside the navigation's computed (through the
 * route's `meta.nav` getter) it is reactive, so the Administration entry follows the user; outside
 * an app (no pinia yet) it grants nothing.
 */
export function currentAdminAccess(): AdminAccess {
  try {
    return adminAccess(useConnectionStore().user)
  } catch {
    return adminAccess(null)
  }
}
