import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { isHttpsOrLoopback } from '../../../shared/loopback'

/*
 * MANAGED INSTALLS
 *
 * An IT department rolls the app out to many workstations with a provisioning file in a system
 * location (written by the installer script, Group Policy, MDM or config management), or with
 * environment variables. It names the service to connect to and may switch update checks off or
 * point them at the company's own update server. Client secrets never go in it: each rep enters
 * their own, which is kept in the OS keychain.
 *
 *   Windows  %ProgramData%\Wholesale Desk\provisioning.json
 *   macOS    /Library/Application Support/Wholesale Desk/provisioning.json
 *   Linux    /etc/wholesale-desk/provisioning.json
 *
 *   WHOLESALE_DESK_PROVISIONING   another path for the file
 *   WHOLESALE_DESK_BASE_URL, WHOLESALE_DESK_ENVIRONMENT (staging|production), WHOLESALE_DESK_PROFILE_NAME,
 *   WHOLESALE_DESK_CLIENT_ID, WHOLESALE_DESK_UPDATES (on|off), WHOLESALE_DESK_UPDATE_URL
 *   — each overrides the same setting of the file.
 */

const HttpsUrl = z
  .string()
  .trim()
  .refine((u) => URL.canParse(u) && ['https:', 'http:'].includes(new URL(u).protocol) && isHttpsOrLoopback(new URL(u)), 'must be an https URL (http only for this computer)')
  .transform((u) => u.replace(/\/+$/, ''))

export const ManagedConfig = z
  .object({
    profile: z
      .object({
        name: z.string().trim().min(1).max(100).default('Company account'),
        baseUrl: HttpsUrl,
        environment: z.enum(['staging', 'production']),
        clientId: z.uuid().optional(),
      })
      .strict()
      .optional(),
    updates: z.object({ automatic: z.boolean().optional(), url: HttpsUrl.optional() }).strict().optional(),
  })
  .strict()
export type ManagedConfig = z.infer<typeof ManagedConfig>

export interface Provisioning {
  config: ManagedConfig
  /** Where it came from, for the log and Settings: a file path, "environment", or null when nothing is provisioned. */
  source: string | null
  /** Why a provisioning file or variable was ignored; the app starts unprovisioned rather than not at all. */
  problems: string[]
}

/** The documented system location of the provisioning file on each OS. */
export function provisioningPath(platform: string, env: Record<string, string | undefined>): string {
  if (env.WHOLESALE_DESK_PROVISIONING) return env.WHOLESALE_DESK_PROVISIONING
  if (platform === 'win32') return join(env.ProgramData ?? env.PROGRAMDATA ?? 'C:\\ProgramData', 'Wholesale Desk', 'provisioning.json')
  if (platform === 'darwin') return '/Library/Application Support/Wholesale Desk/provisioning.json'
  return '/etc/wholesale-desk/provisioning.json'
}

/** Reads and validates the provisioning file and variables. Never throws: a bad file is reported and ignored. */
export function readProvisioning(platform: string, env: Record<string, string | undefined>, read: (path: string) => string = (p) => readFileSync(p, 'utf8')): Provisioning {
  const problems: string[] = []
  const path = provisioningPath(platform, env)
  let fromFile: Record<string, unknown> = {}
  let source: string | null = null
  let text: string | null = null
  try {
    text = read(path)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code !== 'ENOENT' || env.WHOLESALE_DESK_PROVISIONING) problems.push(`${path}: cannot be read (${code ?? (err as Error).message})`)
  }
  if (text !== null) {
    try {
      const raw = JSON.parse(text) as unknown
      if (raw && typeof raw === 'object' && JSON.stringify(raw).match(/"client_?secret"/i)) throw new Error('holds a client secret; secrets never go in a provisioning file: each user enters theirs')
      fromFile = raw as Record<string, unknown>
      source = path
    } catch (err) {
      problems.push(`${path}: ${(err as Error).message}`)
    }
  }

  const profileEnv = {
    ...(env.WHOLESALE_DESK_PROFILE_NAME ? { name: env.WHOLESALE_DESK_PROFILE_NAME } : {}),
    ...(env.WHOLESALE_DESK_BASE_URL ? { baseUrl: env.WHOLESALE_DESK_BASE_URL } : {}),
    ...(env.WHOLESALE_DESK_ENVIRONMENT ? { environment: env.WHOLESALE_DESK_ENVIRONMENT } : {}),
    ...(env.WHOLESALE_DESK_CLIENT_ID ? { clientId: env.WHOLESALE_DESK_CLIENT_ID } : {}),
  }
  const updatesEnv = {
    ...(env.WHOLESALE_DESK_UPDATES ? { automatic: onOff(env.WHOLESALE_DESK_UPDATES) } : {}),
    ...(env.WHOLESALE_DESK_UPDATE_URL ? { url: env.WHOLESALE_DESK_UPDATE_URL } : {}),
  }
  const fileProfile = (fromFile.profile ?? undefined) as Record<string, unknown> | undefined
  const fileUpdates = (fromFile.updates ?? undefined) as Record<string, unknown> | undefined
  const merged: Record<string, unknown> = { ...fromFile }
  if (fileProfile || Object.keys(profileEnv).length) merged.profile = { ...fileProfile, ...profileEnv }
  if (fileUpdates || Object.keys(updatesEnv).length) merged.updates = { ...fileUpdates, ...updatesEnv }
  if (Object.keys(profileEnv).length || Object.keys(updatesEnv).length) source = source ? `${source} + environment` : 'environment'

  const parsed = ManagedConfig.safeParse(merged)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${source ?? path}: ${issue.path.join('.') || '(top level)'}: ${issue.message}`)
    return { config: {}, source: null, problems }
  }
  return { config: parsed.data, source: Object.keys(parsed.data).length ? source : null, problems }
}

function onOff(v: string): boolean | string {
  const s = v.trim().toLowerCase()
  if (['on', 'true', '1', 'yes'].includes(s)) return true
  if (['off', 'false', '0', 'no'].includes(s)) return false
  return v // refused by the schema, with the variable's value in the message
}
