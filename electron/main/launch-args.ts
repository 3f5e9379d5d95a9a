/** What the command line asks of this launch (first instance, or a second one forwarding its argv). */
export interface LaunchRequest {
  /** `--open-order=<id>`: open that order (a notification clicked after a restart, a shortcut). */
  openOrder: number | null
  /**
   * `--open-order=<id>@<profile>` (a toast's launch): the profile whose order it is. Null when the
   * command line names none: the order of that number is then the connected profile's.
   */
  openOrderProfile: string | null
  /** `--demo` (or WHOLESALE_DESK_DEMO=1): start against the embedded demo service. */
  demo: boolean
  /** `--hidden`: started at login; stay in the tray. */
  hidden: boolean
  /** Windows starts the app with -ToastActivated when a toast of ours is clicked while it is not running. */
  toastActivated: boolean
}

export const OPEN_ORDER_FLAG = '--open-order'

const MAX_ORDER_ID = 2 ** 31 - 1

/** Profile ids as this app makes them (UUIDs): one safe token on a command line. */
const PROFILE_ID = /^[\w-]{1,64}$/

/** One argument (a toast's launch is passed as one), the profile after '@' when known (and a safe token). */
export function openOrderArg(orderId: number, profileId?: string): string {
  return `${OPEN_ORDER_FLAG}=${orderId}${profileId && PROFILE_ID.test(profileId) ? `@${profileId}` : ''}`
}

function orderFrom(value: string | undefined): { id: number; profile: string | null } | null {
  const m = value ? /^(\d{1,10})(?:@(.+))?$/.exec(value) : null
  if (m?.[2] !== undefined && !PROFILE_ID.test(m[2])) return null
  if (!m) return null
  const id = Number(m[1])
  return id >= 1 && id <= MAX_ORDER_ID ? { id, profile: m[2] ?? null } : null
}

export function parseLaunchArgs(argv: readonly string[], env: Record<string, string | undefined> = {}): LaunchRequest {
  let openOrder: { id: number; profile: string | null } | null = null
  let demo = env.WHOLESALE_DESK_DEMO === '1' || env.WHOLESALE_DESK_DEMO === 'true'
  let hidden = false
  let toastActivated = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (typeof arg !== 'string') continue
    if (arg.startsWith(`${OPEN_ORDER_FLAG}=`)) openOrder = orderFrom(arg.slice(OPEN_ORDER_FLAG.length + 1)) ?? openOrder
    else if (arg === OPEN_ORDER_FLAG) openOrder = orderFrom(argv[++i]) ?? openOrder
    else if (arg === '--demo') demo = true
    else if (arg === '--hidden') hidden = true
    else if (arg.toLowerCase() === '-toastactivated') toastActivated = true
  }
  return { openOrder: openOrder?.id ?? null, openOrderProfile: openOrder?.profile ?? null, demo, hidden, toastActivated }
}

export const SELF_CHECK_FLAG = '--self-check'

/**
 * `--self-check` or `--self-check=<report.json>`: check this installation and exit (self-check.ts);
 * null when not asked. Apart from LaunchRequest: a self-check never reaches a running instance.
 */
export function selfCheckRequest(argv: readonly string[]): { reportPath: string | null } | null {
  for (const arg of argv) {
    if (arg === SELF_CHECK_FLAG) return { reportPath: null }
    if (typeof arg === 'string' && arg.startsWith(`${SELF_CHECK_FLAG}=`)) return { reportPath: arg.slice(SELF_CHECK_FLAG.length + 1) || null }
  }
  return null
}
