import { computed, type ComputedRef } from 'vue'
import { useRoute } from 'vue-router'
import { useConnectionStore } from '../../stores/connection'

/**
 * The profile a desktop alert named what it was about with (the route's ?profile=, see
 * alert-links.ts), when it is not the one connected now: the draft, the outbox's baskets or the
 * orders are that profile's (each profile keeps its own drafts; order numbers are its service's).
 * Null otherwise.
 */
export function useAlertProfile(): ComputedRef<string | null> {
  const route = useRoute()
  const connection = useConnectionStore()
  return computed(() => {
    const named = route.query.profile
    return typeof named === 'string' && named !== connection.profile?.id ? named : null
  })
}
