import { z } from 'zod'
import type { NavigationTarget } from '../../shared/ipc/channels/navigation'
import { parseLaunchArgs, type LaunchRequest } from './launch-args'

/**
 * A second launch of the app while it runs: it hands its request to the running instance (through
 * requestSingleInstanceLock's additionalData) and quits; the running one decides what to do with it.
 * The handover carries the arguments as given and what the environment asked (demo mode), because
 * the argv Electron passes to 'second-instance' may have Chromium's switches reordered or removed
 * (Windows) and never carries the second launch's environment.
 */
const MAX_ARGS = 64
const LaunchHandover = z.object({ v: z.literal(1), argv: z.array(z.string().max(4096)).max(MAX_ARGS), demo: z.boolean() })
export type LaunchHandover = z.infer<typeof LaunchHandover>

export function launchHandover(argv: readonly string[], env: Record<string, string | undefined>): LaunchHandover {
  return { v: 1, argv: argv.slice(0, MAX_ARGS).filter((a) => a.length <= 4096), demo: parseLaunchArgs(argv, env).demo }
}

/** What a second launch asked: its handover when it sent a valid one (any other data is ignored), else its argv. */
export function receivedLaunch(argv: readonly string[], additionalData: unknown): LaunchRequest {
  const handover = LaunchHandover.safeParse(additionalData)
  if (!handover.success) return parseLaunchArgs(Array.isArray(argv) ? argv : [])
  const request = parseLaunchArgs(handover.data.argv)
  return { ...request, demo: request.demo || handover.data.demo }
}

export type LaunchAction = { kind: 'open'; target: NavigationTarget } | { kind: 'show' } | { kind: 'startDemo' }

/**
 * What the shell does for a launch. The first one shows the window unless started hidden (at login);
 * demo mode is started by the shell once the core runs. A second one is the user asking for the app:
 * it comes to the front (with the order it names, and demo mode if asked) — except a second start
 * at login, which leaves a running app as it is. A toast clicked on Windows names no order: the
 * last alert's target is opened (its order, or a grouped alert's orders).
 */
export function launchActions(request: LaunchRequest, options: { first: boolean; lastAlertTarget: () => NavigationTarget | null }): LaunchAction[] {
  // An order named without its profile (typed, a shortcut) is the connected profile's of that number.
  const order: NavigationTarget | null =
    request.openOrder !== null ? { kind: 'order', orderId: request.openOrder, ...(request.openOrderProfile ? { profileId: request.openOrderProfile } : {}) } : null
  const target = order ?? (request.toastActivated ? options.lastAlertTarget() : null)
  const actions: LaunchAction[] = []
  if (!options.first && request.demo) actions.push({ kind: 'startDemo' })
  if (target !== null) actions.push({ kind: 'open', target })
  else if (!request.hidden || (!options.first && request.demo)) actions.push({ kind: 'show' })
  return actions
}

/**
 * Second launches that arrive before the shell can act on them (Electron not ready, the core still
 * starting) wait here, in order, and are handled once it can; none is lost, none handled twice.
 */
export class LaunchInbox {
  private pending: LaunchRequest[] = []
  private handler: ((request: LaunchRequest) => void) | null = null

  receive(request: LaunchRequest): void {
    if (this.handler) return this.handler(request)
    // A burst of launches while starting: the last ones are what the user wants now.
    if (this.pending.length >= MAX_PENDING) this.pending.shift()
    this.pending.push(request)
  }

  open(handler: (request: LaunchRequest) => void): void {
    this.handler = handler
    for (const request of this.pending.splice(0)) handler(request)
  }
}
const MAX_PENDING = 20
