import { computed, watch, type ComputedRef } from 'vue'
import { useRoute, useRouter } from 'vue-router'
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

/**
 * Once the profile the alert named is the one connected (from the notice, or already), the address
 * drops its ?profile=: the page is that profile's like any link to it, and a reload or Back after a
 * later switch would otherwise show the notice for something the rep has already opened.
 */
export function useAlertProfileDroppedOnceConnected(): void {
  const route = useRoute()
  const router = useRouter()
  const connection = useConnectionStore()
  watch(
    () => typeof route.query.profile === 'string' && route.query.profile === connection.profile?.id,
    (connected) => {
      if (!connected) return
      const { profile: _named, ...query } = route.query
      void router.replace({ path: route.path, query, hash: route.hash })
    },
    { immediate: true },
  )
}
