import type { AlertShown } from '../../../shared/model/alert'

/**
 * What the core needs from the platform it runs on. Electron's main process passes real ones; tests
 * and the browser harness pass their own. The core never imports `electron`.
 */

export interface Clock {
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
}

export interface Logger {
  info(message: string, detail?: Record<string, unknown>): void
  warn(message: string, detail?: Record<string, unknown>): void
  error(message: string, detail?: unknown): void
}

/** A desktop notification the shell shows; `target` is what a click opens. One schema: shared/model/alert.ts. */
export type Alert = AlertShown

export interface Notifier {
  show(alert: Alert): void
}

/** Starts the embedded demo service (the sandbox) and answers where it listens and its credentials. */
export type DemoLauncher = () => Promise<{ baseUrl: string; clientId: string; clientSecret: string }>

/** The OS switch that starts the app when the user logs in (the shell's login item / autostart entry). */
export interface LoginItem {
  /** null where the app cannot register itself (a development run, an unsupported desktop). */
  get(): boolean | null
  set(open: boolean): void
}

/** The shell's self-updater (electron-updater). The core decides when; this does the downloading and installing. */
export interface AppUpdater {
  /** The folder the update feed (latest.yml) is in; null where this build cannot update itself. */
  feedUrl: string | null
  /** Downloads (and verifies) the release in the background; resolves once it is ready to install. */
  download(version: string): Promise<void>
  /** Quits and installs the downloaded release, then starts it. */
  install(): void
}
