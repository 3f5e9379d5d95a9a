import type { Session, WebContents } from 'electron'
import { guardContents } from './security/navigation'
import { applySessionPolicy } from './security/session-policy'

/**
 * Binds Electron's objects to the policies in security/ (which are plain functions, tested under
 * Node). Nothing here decides anything.
 */
export function guardWebContents(contents: WebContents, appOrigins: readonly string[], openExternal: (url: string) => void): void {
  guardContents(
    {
      setWindowOpenHandler: (handler) => contents.setWindowOpenHandler(handler),
      onWillNavigate: (listener) => contents.on('will-navigate', (event) => listener(event, event.url)),
      onWillRedirect: (listener) => contents.on('will-redirect', (event) => listener(event, event.url)),
      onWillAttachWebview: (listener) => contents.on('will-attach-webview', (event) => listener(event)),
    },
    { appOrigins, openExternal },
  )
}

export function guardSession(session: Session, appOrigins: readonly string[]): void {
  applySessionPolicy(
    {
      setPermissionRequestHandler: (handler) =>
        session.setPermissionRequestHandler((contents, permission, grant, details) => handler(permission, details.requestingUrl ?? contents.getURL(), grant)),
      setPermissionCheckHandler: (handler) => session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => handler(permission, requestingOrigin)),
    },
    appOrigins,
  )
}
