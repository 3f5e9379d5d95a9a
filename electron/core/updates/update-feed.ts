import { z } from 'zod'

/*
 * The update feed electron-builder publishes next to the installers: `latest.yml` (Windows),
 * `latest-mac.yml`, `latest-linux.yml`. The core reads only what it decides on (the version); the
 * shell's electron-updater downloads and verifies the files (sha512) itself.
 */

const SEMVER = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/

export const FeedRelease = z.object({
  version: z.string().regex(SEMVER, 'not a semantic version'),
  releaseDate: z.string().nullable(),
  path: z.string().nullable(),
})
export type FeedRelease = z.infer<typeof FeedRelease>

export class FeedError extends Error {
  override name = 'FeedError'
}

/** The feed file electron-builder writes for a platform. */
export function feedFileName(platform: string): string {
  if (platform === 'darwin') return 'latest-mac.yml'
  if (platform === 'linux') return 'latest-linux.yml'
  return 'latest.yml'
}

/**
 * The top-level scalars of a latest.yml (`version: 1.2.3`, `releaseDate: '…'`). Its `files:` list is
 * indented and skipped: the shell's updater reads it. A full YAML parser is not needed for this.
 */
export function parseLatestYml(text: string): FeedRelease {
  const top = new Map<string, string>()
  for (const line of text.split(/\r?\n/)) {
    const m = /^([A-Za-z][\w-]*):[ \t]*(.*?)[ \t]*$/.exec(line)
    if (m) top.set(m[1]!, unquote(m[2]!))
  }
  const parsed = FeedRelease.safeParse({ version: top.get('version') ?? '', releaseDate: top.get('releaseDate') || null, path: top.get('path') || null })
  if (!parsed.success) throw new FeedError(`The update feed has no valid version (${JSON.stringify(top.get('version') ?? null)}).`)
  return { ...parsed.data, version: parsed.data.version.replace(/^v/, '') }
}

function unquote(v: string): string {
  if (v.length >= 2 && ((v.startsWith("'") && v.endsWith("'")) || (v.startsWith('"') && v.endsWith('"')))) {
    return v.startsWith("'") ? v.slice(1, -1).replace(/''/g, "'") : v.slice(1, -1).replace(/\\"/g, '"')
  }
  return v.replace(/\s+#.*$/, '')
}

/** Semantic-version order: <0 when a is older than b. A pre-release sorts before its release. */
export function compareVersions(a: string, b: string): number {
  const pa = SEMVER.exec(a)
  const pb = SEMVER.exec(b)
  if (!pa || !pb) throw new FeedError(`Cannot compare versions ${a} and ${b}.`)
  for (let i = 1; i <= 3; i++) {
    const d = Number(pa[i]) - Number(pb[i])
    if (d !== 0) return Math.sign(d)
  }
  const ra = pa[4]
  const rb = pb[4]
  if (ra === rb) return 0
  if (ra === undefined) return 1
  if (rb === undefined) return -1
  const xa = ra.split('.')
  const xb = rb.split('.')
  for (let i = 0; i < Math.max(xa.length, xb.length); i++) {
    const x = xa[i]
    const y = xb[i]
    if (x === undefined) return -1
    if (y === undefined) return 1
    const nx = /^\d+$/.test(x)
    const ny = /^\d+$/.test(y)
    if (nx && ny && Number(x) !== Number(y)) return Math.sign(Number(x) - Number(y))
    if (nx !== ny) return nx ? -1 : 1
    if (x !== y) return x < y ? -1 : 1
  }
  return 0
}

/** Reads the feed of this platform from the feed folder (GitHub's latest release, or a company's own server). */
export async function readFeed(feedUrl: string, platform: string, opts: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<FeedRelease> {
  const url = new URL(feedFileName(platform), feedUrl.endsWith('/') ? feedUrl : `${feedUrl}/`)
  let res: Response
  try {
    res = await fetch(url, { signal: AbortSignal.any([AbortSignal.timeout(opts.timeoutMs ?? 30_000), ...(opts.signal ? [opts.signal] : [])]), redirect: 'follow', headers: { accept: 'text/yaml, text/plain, */*' } })
  } catch (err) {
    throw new FeedError(`The update feed at ${url.origin} cannot be reached (${(err as Error).message}).`)
  }
  if (!res.ok) throw new FeedError(`The update feed answered ${res.status} for ${url.pathname}.`)
  return parseLatestYml(await res.text())
}
