import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Alert } from '../core/platform/services'
import { ORDER_FILTER_IDS_MAX } from '../../shared/model/order'
import type { NavigationTarget } from '../../shared/ipc/channels/navigation'

/** What an alert pointed at: its order, or a grouped alert's orders (`orderIds`). */
export type AlertTarget = { alertId: string; shownAt: number } & ({ orderId: number; orderIds?: never } | { orderIds: number[]; orderId?: never })

/** Where a click on that alert goes. */
export function navigationOf(t: AlertTarget): NavigationTarget {
  return t.orderIds ? { kind: 'orders', orderIds: t.orderIds } : { kind: 'order', orderId: t.orderId }
}

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
    const target = alert.target
    if (!target) return
    const shownAt = this.now()
    const kept: AlertTarget = target.kind === 'order' ? { alertId: alert.id, orderId: target.orderId, shownAt } : { alertId: alert.id, orderIds: target.orderIds, shownAt }
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
    const isId = (v: unknown) => Number.isInteger(v) && (v as number) > 0
    return raw
      .filter(
        (t): t is AlertTarget =>
          !!t &&
          typeof t.alertId === 'string' &&
          typeof t.shownAt === 'number' &&
          (isId(t.orderId) || (Array.isArray(t.orderIds) && t.orderIds.length > 0 && t.orderIds.length <= ORDER_FILTER_IDS_MAX && t.orderIds.every(isId))),
      )
      .slice(0, KEEP)
  } catch {
    return []
  }
}
