import type { ZodType } from 'zod'
import type { Clock } from '../platform/services'
import type { Settings } from './app-store'

/**
 * A profile's view state is written at most this often (the last one always, the first at once).
 * Each write is durable (an fsync on the core's thread): a rep sorting five times in a row, or
 * typing a query, needs only the last kept, and the next answer must not wait behind the writes
 * of the ones before.
 */
export const VIEW_STATE_WRITE_EVERY_MS = 500

/**
 * What a view leaves per profile and finds again after a reload or a restart (the orders list's
 * filters, the catalogue's query): kept in the settings under `${name}:${profileId}`, read back
 * through its schema (a value this release cannot read gives the default), and written at most
 * every VIEW_STATE_WRITE_EVERY_MS. Reads answer a value not written yet; flush() writes it (the
 * profile closes, the core stops).
 */
export class ViewState<T> {
  /** Given but not written yet: written when the pause is over, or at once by flush(). */
  private pending: { profileId: string; value: T; timer: unknown } | null = null
  /** When each profile's value was last written. */
  private readonly writtenAt = new Map<string, number>()

  constructor(
    private readonly settings: Settings,
    private readonly clock: Clock,
    private readonly name: string,
    private readonly schema: ZodType<T>,
    private readonly fallback: () => T,
  ) {}

  /** The settings key of a profile's value. */
  key(profileId: string): string {
    return `${this.name}:${profileId}`
  }

  read(profileId: string): T {
    if (this.pending?.profileId === profileId) return this.pending.value
    const parsed = this.schema.safeParse(this.settings.get<unknown>(this.key(profileId), undefined))
    return parsed.success ? parsed.data : this.fallback()
  }

  remember(profileId: string, value: T): void {
    if (this.pending && this.pending.profileId !== profileId) this.flush()
    if (this.pending) {
      this.pending.value = value
      return
    }
    const wait = (this.writtenAt.get(profileId) ?? -Infinity) + VIEW_STATE_WRITE_EVERY_MS - this.clock.now()
    if (wait <= 0) this.write(profileId, value)
    else this.pending = { profileId, value, timer: this.clock.setTimeout(() => this.flush(), wait) }
  }

  /** Writes the value not written yet, if any. */
  flush(): void {
    const p = this.pending
    if (!p) return
    this.pending = null
    this.clock.clearTimeout(p.timer)
    this.write(p.profileId, p.value)
  }

  private write(profileId: string, value: T): void {
    this.writtenAt.set(profileId, this.clock.now())
    this.settings.set(this.key(profileId), value)
  }
}
