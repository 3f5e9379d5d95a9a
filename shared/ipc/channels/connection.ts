import { z } from 'zod'
import { CurrentUser, Organisation } from '../../api'
import { channel } from '../contract-kit'
import { ConnectionStatus, Profile, ProfileInput } from '../../model/connection'

// The connection's types are the domain model's (shared/model); re-exported for the renderer's imports.
export { ActingReassignment, ConnectionProblem, ConnectionStatus, CredentialsState, isSignedOut, Profile, ProfileInput, profileNameKey } from '../../model/connection'

export const connectionChannels = {
  'connection.list': channel(z.undefined(), z.array(Profile)),
  'connection.save': channel(ProfileInput, Profile),
  'connection.remove': channel(
    // Refused (conflict, field unsentDrafts) while the profile has drafts not yet sent, unless they are to be discarded.
    z.object({ id: z.string(), discardDrafts: z.boolean().optional() }),
    z.object({ removed: z.boolean() }),
  ),
  'connection.activate': channel(z.object({ id: z.string() }), ConnectionStatus),
  // Ends the active session; the connection, its secret, drafts and outbox stay, for Connect to sign in again.
  'connection.signOut': channel(z.undefined(), ConnectionStatus),
  'connection.test': channel(z.object({ id: z.string() }), CurrentUser),
  // The rep confirmed the first order to this production profile; asked no more on this computer.
  'connection.confirmProduction': channel(z.object({ id: z.string() }), Profile),
  'connection.status': channel(z.undefined(), ConnectionStatus),
  'connection.startDemo': channel(z.undefined(), ConnectionStatus),
  'connection.organisations': channel(z.undefined(), z.array(Organisation)),
  'connection.setActingOrganisation': channel(z.object({ id: z.int().positive() }), ConnectionStatus),
  // The ids of the reassignment the user saw: a newer one stays to be shown.
  'connection.ackReassigned': channel(z.object({ from: z.int().positive(), to: z.int().positive() }), ConnectionStatus),
}
