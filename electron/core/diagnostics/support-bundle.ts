import { Redactor } from '../log/redaction'

/** Everything a support bundle says, gathered by the diagnostics feature. */
export interface BundleParts {
  createdAt: string
  app: { version: string; harness: boolean }
  os: { platform: string; release: string; arch: string; locale: string }
  runtime: { electron: string | null; chrome: string | null; node: string }
  /** Channel answers (connection, catalogue sync, outbox, updates); an error stands where one failed. */
  state: Record<string, unknown>
  logLines: string[]
}

/**
 * The bundle's text. Everything in it — state and log lines alike — goes through a redactor that
 * knows every stored secret and the secret-looking patterns: a log line written by an older version
 * before a secret was registered is blanked here too.
 */
export function supportBundleText(parts: BundleParts, secrets: Iterable<string>, scrub: (text: string) => string = (t) => t): string {
  const redactor = new Redactor()
  for (const s of secrets) redactor.add(s)
  const clean = (text: string) => redactor.text(scrub(text))
  const state = redactor.value(parts.state)
  const header = [
    'Wholesale Desk diagnostics',
    `created: ${parts.createdAt}`,
    `app: ${parts.app.version}${parts.app.harness ? ' (browser harness)' : ''}`,
    `os: ${parts.os.platform} ${parts.os.release} (${parts.os.arch}), locale ${parts.os.locale}`,
    `electron: ${parts.runtime.electron ?? 'none'}, chrome: ${parts.runtime.chrome ?? 'none'}, node: ${parts.runtime.node}`,
  ]
  return [
    ...header.map(clean),
    '',
    '== state ==',
    clean(JSON.stringify(state, null, 2)),
    '',
    `== log (last ${parts.logLines.length} lines) ==`,
    ...parts.logLines.map(clean),
    '',
  ].join('\n')
}

/** A file name that sorts by time and says what it is. */
export function bundleFileName(createdAt: string): string {
  return `wholesale-desk-diagnostics-${createdAt.replace(/[:.]/g, '-')}.txt`
}
