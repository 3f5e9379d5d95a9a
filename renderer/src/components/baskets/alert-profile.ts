import { computed, type ComputedRef } from 'vue'
import { useRoute } from 'vue-router'
import { useConnectionStore } from '../../stores/connection'

/**
 * The profile a desktop alert named its basket with (the route's ?profile=, see alert-links.ts),
 * when it is not the one connected now: the draft, or the outbox's baskets, are that profile's
 * (each profile keeps its own). Null otherwise.
 */
export function useAlertProfile(): ComputedRef<string | null> {
  const route = useRoute()
  const connection = useConnectionStore()
  return computed(() => {
    const named = route.query.profile
    return typeof named === 'string' && named !== connection.profile?.id ? named : null
  })
}
