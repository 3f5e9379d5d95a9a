import { z } from 'zod'
import { CurrentUser, Organisation } from '../../api'
import { isHttpsOrLoopback } from '../../loopback'
import { channel } from '../contract-kit'

/** Base URL up to and including the version path; HTTPS except for loopback hosts (spec 5.10). */
const BaseUrl = z
  .url({ protocol: /^https?$/ })
  .refine((u) => {
    // Refinements run even when the URL check above failed: an unparsable value is left to that check.
    if (!URL.canParse(u)) return true
    return isHttpsOrLoopback(new URL(u))
  }, 'HTTPS is required for any host other than this computer')
  .transform((u) => u.replace(/\/+$/, ''))

/** A connection profile as the renderer sees it: never the secret. */
export const Profile = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  clientId: z.uuid(),
  demo: z.boolean(),
  active: z.boolean(),
})
export type Profile = z.infer<typeof Profile>

export const ProfileInput = z.object({
  id: z.string().optional(),
  name: z.string().trim().min(1).max(100),
  baseUrl: BaseUrl,
  clientId: z.uuid(),
  /** Required for a new profile; omitted on edit to keep the stored secret. */
  clientSecret: z.string().min(1).max(1000).optional(),
})
export type ProfileInput = z.input<typeof ProfileInput>

/**
 * The app acts for another organisation than the one it acted for, without the user choosing: an
 * administrator moved the user to another organisation, and `from` is not among those the user may
 * act for now; `to` is the user's new own organisation.
 */
export const ActingReassignment = z.object({ from: Organisation, to: Organisation })
export type ActingReassignment = z.infer<typeof ActingReassignment>

export const ConnectionStatus = z.object({
  profile: Profile.nullable(),
  online: z.boolean(),
  user: CurrentUser.nullable(),
  /** The organisation the app acts as (own or a descendant). */
  actingOrganisation: Organisation.nullable(),
  lastError: z.string().nullable(),
  /**
   * A reassignment the user has not acknowledged yet. Kept (also across a restart) until
   * acknowledged or the user picks an organisation: the move may be noticed while no window shows it.
   */
  reassigned: ActingReassignment.nullable(),
  /**
   * Goes up with every change the core announces. A reply and an event can cross (the acting
   * organisation chosen just after a connect is announced before the connect's own reply is read):
   * the renderer keeps the newest and drops an older one.
   */
  revision: z.number().int().nonnegative(),
})
export type ConnectionStatus = z.infer<typeof ConnectionStatus>

export const connectionChannels = {
  'connection.list': channel(z.undefined(), z.array(Profile)),
  'connection.save': channel(ProfileInput, Profile),
  'connection.remove': channel(
    // Refused (conflict, field unsentDrafts) while the profile has drafts not yet sent, unless they are to be discarded.
    z.object({ id: z.string(), discardDrafts: z.boolean().optional() }),
    z.object({ removed: z.boolean() }),
  ),
  'connection.activate': channel(z.object({ id: z.string() }), ConnectionStatus),
  'connection.test': channel(z.object({ id: z.string() }), CurrentUser),
  'connection.status': channel(z.undefined(), ConnectionStatus),
  'connection.startDemo': channel(z.undefined(), ConnectionStatus),
  'connection.organisations': channel(z.undefined(), z.array(Organisation)),
  'connection.setActingOrganisation': channel(z.object({ id: z.int().positive() }), ConnectionStatus),
  // The ids of the reassignment the user saw: a newer one stays to be shown.
  'connection.ackReassigned': channel(z.object({ from: z.int().positive(), to: z.int().positive() }), ConnectionStatus),
}

export const connectionEvents = {
  'connection.changed': ConnectionStatus,
}
