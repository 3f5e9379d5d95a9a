import { isPermissionAllowed } from './permissions'

/** The permission hooks of a session, as the policy needs them (Electron's in the app, fakes in tests). */
export interface SessionHooks {
  setPermissionRequestHandler(handler: (permission: string, requestingUrl: string, grant: (allowed: boolean) => void) => void): void
  setPermissionCheckHandler(handler: (permission: string, requestingOrigin: string) => boolean): void
}

/** Both permission paths — prompts and silent checks — answer from the same deny-by-default policy. */
export function applySessionPolicy(session: SessionHooks, appOrigins: readonly string[]): void {
  session.setPermissionRequestHandler((permission, requestingUrl, grant) => grant(isPermissionAllowed(permission, requestingUrl, appOrigins)))
  session.setPermissionCheckHandler((permission, requestingOrigin) => isPermissionAllowed(permission, requestingOrigin, appOrigins))
}
