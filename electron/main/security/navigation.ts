import { originOf } from './app-origin'
import { isSafeExternalUrl } from './external-links'

export type NavigationDecision = 'stay' | 'open-external' | 'block'

/**
 * What happens when the page tries to go somewhere: within the app's own origin it may (a reload,
 * a hard link to a route); an https link goes to the system browser; anything else is dropped.
 */
export function decideNavigation(url: string, appOrigins: readonly string[]): NavigationDecision {
  const origin = originOf(url)
  if (origin && appOrigins.includes(origin)) return 'stay'
  return isSafeExternalUrl(url) ? 'open-external' : 'block'
}

/** The cancellable events of a webContents, as the guard needs them (Electron's in the app, fakes in tests). */
export interface PreventableEvent {
  preventDefault(): void
}

export interface ContentsHooks {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void
  onWillNavigate(listener: (event: PreventableEvent, url: string) => void): void
  onWillRedirect(listener: (event: PreventableEvent, url: string) => void): void
  onWillAttachWebview(listener: (event: PreventableEvent) => void): void
}

export interface GuardOptions {
  appOrigins: readonly string[]
  /** The allow-listed opener (security/external-links); called only for links that pass it. */
  openExternal(url: string): void
}

/**
 * Applies the navigation policy to one webContents: no new windows (https links open in the system
 * browser instead), no navigation away from the app, no redirects away from it, no <webview>.
 */
export function guardContents(contents: ContentsHooks, options: GuardOptions): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) options.openExternal(url)
    return { action: 'deny' }
  })
  contents.onWillNavigate((event, url) => {
    const decision = decideNavigation(url, options.appOrigins)
    if (decision === 'stay') return
    event.preventDefault()
    if (decision === 'open-external') options.openExternal(url)
  })
  contents.onWillRedirect((event, url) => {
    if (decideNavigation(url, options.appOrigins) !== 'stay') event.preventDefault()
  })
  contents.onWillAttachWebview((event) => event.preventDefault())
}
