import type { Settings } from '../store/app-store'
import { ServiceError, WorkingOfflineError } from '../service/service-error'

const SETTING = 'workOffline'

/**
 * The "Work offline" switch: while it is on the core sends nothing at all (catalogue sync, order
 * watcher, outbox, images, tokens, "Test connection"), whatever the network could do. Kept in the
 * settings, so it holds across restarts. Every service client and the image cache ask it before
 * each request; what they would have sent fails as offline, and waits like any offline work.
 */
export class WorkOffline {
  private value: boolean

  constructor(private readonly settings: Settings) {
    this.value = settings.get(SETTING, false)
  }

  get on(): boolean {
    return this.value
  }

  /** Answers whether it changed. */
  set(on: boolean): boolean {
    if (on === this.value) return false
    this.value = on
    this.settings.set(SETTING, on)
    return true
  }

  /** Throws the offline error a request meets while the switch is on. */
  assertNetwork(): void {
    if (this.value) throw workingOfflineError()
  }
}

export function workingOfflineError(): ServiceError {
  return new WorkingOfflineError()
}
