import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { z } from 'zod'
import type { Alert } from '../core/platform/services'
import { NavigationTarget } from '../../shared/ipc/channels/navigation'

/** What an alert pointed at (its order, or a grouped alert's orders: where a click on it goes), and when it was shown. */
const AlertTarget = z.object({ alertId: z.string(), shownAt: z.number(), target: NavigationTarget })
export type AlertTarget = z.infer<typeof AlertTarget>

const KEEP = 20

/**
 * The orders the last alerts pointed at (one each, or a grouped alert's), kept in a small JSON file under userData. A notification
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
    const kept: AlertTarget = { alertId: alert.id, shownAt: this.now(), target: alert.target }
    this.targets = [kept, ...this.targets.filter((t) => t.alertId !== alert.id)].slice(0, KEEP)
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
      .map((entry) => AlertTarget.safeParse(lifted(entry)))
      .flatMap((parsed) => (parsed.success ? [parsed.data] : []))
      .slice(0, KEEP)
  } catch {
    return []
  }
}

/**
 * An entry as earlier versions wrote it, `{ alertId, shownAt, orderId }` or `{ …, orderIds }`, in today's form,
 * so a toast shown before an update still opens its orders when clicked after it.
 */
function lifted(entry: unknown): unknown {
  if (!entry || typeof entry !== 'object' || 'target' in entry) return entry
  const { orderId, orderIds, ...rest } = entry as Record<string, unknown>
  return { ...rest, target: orderIds !== undefined ? { kind: 'orders', orderIds } : { kind: 'order', orderId } }
}
