import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Alert } from '../core/platform/services'

export interface AlertTarget {
  alertId: string
  orderId: number
  shownAt: number
}

const KEEP = 20

/**
 * The orders the last alerts pointed at, kept in a small JSON file under userData. A notification
 * can be clicked after the app was restarted (Windows Action Center); the click then arrives with
 * no live Notification object, and this is where the shell finds what it was about.
 */
export class AlertTargetStore {
  private targets: AlertTarget[]

  constructor(
    private readonly file: string,
    private readonly now: () => number = Date.now,
  ) {
    this.targets = load(file)
  }

  remember(alert: Alert): void {
    if (!alert.target) return
    this.targets = [{ alertId: alert.id, orderId: alert.target.orderId, shownAt: this.now() }, ...this.targets.filter((t) => t.alertId !== alert.id)].slice(0, KEEP)
    this.save()
  }

  find(alertId: string): AlertTarget | null {
    return this.targets.find((t) => t.alertId === alertId) ?? null
  }

  /** The most recent alert's target: what a bare "toast activated" launch most likely means. */
  latest(): AlertTarget | null {
    return this.targets[0] ?? null
  }

  all(): readonly AlertTarget[] {
    return this.targets
  }

  private save(): void {
    try {
      mkdirSync(dirname(this.file), { recursive: true })
      const tmp = `${this.file}.tmp`
      writeFileSync(tmp, JSON.stringify(this.targets))
      renameSync(tmp, this.file)
    } catch {
      /* losing this file only loses "open the order" after a restart */
    }
  }
}

function load(file: string): AlertTarget[] {
  try {
    const raw: unknown = JSON.parse(readFileSync(file, 'utf8'))
    if (!Array.isArray(raw)) return []
    return raw
      .filter(
        (t): t is AlertTarget =>
          !!t && typeof t.alertId === 'string' && Number.isInteger(t.orderId) && t.orderId > 0 && typeof t.shownAt === 'number',
      )
      .slice(0, KEEP)
  } catch {
    return []
  }
}
