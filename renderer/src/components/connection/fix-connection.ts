import type { RouteLocationRaw } from 'vue-router'
import type { Profile } from '../../../../shared/ipc/channels/connection'

/**
 * Where the rep corrects a connection the service signed out (credentials refused, secret gone):
 * Settings → Connections with its form open on the secret (query `fix`). The demo's own profile
 * cannot be edited: its list only.
 */
export function fixConnectionRoute(profile: Pick<Profile, 'id' | 'demo'> | null): RouteLocationRaw {
  return { name: 'settings-connections', query: profile && !profile.demo ? { fix: profile.id } : {} }
}
