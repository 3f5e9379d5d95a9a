import { profileNameKey } from '../../../shared/model/connection'

/** What the app knows of a saved profile that can tell it from another of the same name. */
export interface ProfileIdentity {
  id: string
  name: string
  baseUrl: string
  clientId: string
  /** The user the service last said the profile signs in as; null before it ever answered. */
  user: string | null
  /** The organisation the profile acts for; null before it was chosen. */
  organisation: string | null
}

/** The service's address as a rep reads it: host (with any port) and any path before the API path. */
export function serviceAddress(baseUrl: string): string {
  if (!URL.canParse(baseUrl)) return baseUrl
  const url = new URL(baseUrl)
  return `${url.host}${url.pathname.replace(/\/api\/v\d+\/?$/i, '').replace(/\/+$/, '')}`
}

/**
 * Which parts of a profile tell it apart, most telling first: the service (production and staging,
 * two services), the signed-in user (one service, two accounts), the organisation acted for (one
 * account, two organisations), and last the API client id's start (one service, two accounts
 * never signed in yet), which the connection form shows.
 */
const PARTS: Array<(p: ProfileIdentity) => string | null> = [(p) => serviceAddress(p.baseUrl), (p) => p.user || null, (p) => p.organisation || null, (p) => p.clientId.slice(0, 8)]

/**
 * For each saved profile, what to show beside its name so that two of the same name can be told
 * apart: null for a profile whose name no other has (a rep with distinct names sees no change),
 * otherwise the parts known for all of its group that differ within it, fewest first, joined. Decided here once, so
 * the window, the tray and the alerts say the same thing.
 */
export function nameDetails(profiles: readonly ProfileIdentity[]): Map<string, string | null> {
  const details = new Map<string, string | null>(profiles.map((p) => [p.id, null]))
  const groups = new Map<string, ProfileIdentity[]>()
  for (const p of profiles) groups.set(profileNameKey(p.name), [...(groups.get(profileNameKey(p.name)) ?? []), p])
  for (const group of groups.values()) {
    if (group.length < 2) continue
    const used: Array<(p: ProfileIdentity) => string | null> = []
    const key = (p: ProfileIdentity) => JSON.stringify(used.map((part) => part(p)))
    for (const part of PARTS) {
      if (new Set(group.map(key)).size === group.length) break
      // A part the whole group shares (one service for all) tells nothing, nor one some do not know yet.
      if (group.every((p) => part(p)) && new Set(group.map(part)).size > 1) used.push(part)
    }
    // Nothing differs (the same account saved twice): the service at least says where it goes.
    if (!used.length) used.push(PARTS[0]!)
    for (const p of group) details.set(p.id, used.map((part) => part(p)).join(', '))
  }
  return details
}
