import type { Feature } from '../context'
import type { Connection } from './connection'

/** The connection channels. */
export function connectionFeature(connection: Connection): Feature {
  return {
    handlers: {
      'connection.list': () => connection.list(),
      'connection.save': (input) => connection.save(input),
      'connection.remove': async ({ id, discardDrafts }) => ({ removed: await connection.remove(id, { discardDrafts }) }),
      'connection.activate': ({ id }) => connection.activate(id),
      'connection.signOut': () => connection.signOut(),
      'connection.test': ({ id }) => connection.test(id),
      'connection.confirmProduction': ({ id }) => connection.confirmProduction(id),
      'connection.status': () => connection.status(),
      'connection.startDemo': () => connection.startDemo(),
      'connection.organisations': () => connection.organisations(),
      'connection.setActingOrganisation': ({ id }) => connection.setActingOrganisation(id),
      'connection.ackReassigned': ({ from, to }) => connection.ackReassigned(from, to),
    },
    start: () => connection.resume(),
    stop: () => connection.stop(),
  }
}
