import { appendFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Logger } from '../platform/services'
import { Redactor } from './redaction'

export const LOG_FILE_NAME = 'wholesale-desk.log'

interface FileLoggerOptions {
  /** The app's data folder; the log lives in `<dataDir>/logs/`. */
  dataDir: string
  /** Rotate when the current file would grow past this many bytes. */
  maxBytes?: number
  /** How many files to keep in all: the current one plus `files - 1` rotated ones (.1 newest). */
  files?: number
  /** Also print each line (development). */
  echo?: (line: string) => void
  now?: () => number
}

interface FileLogger extends Logger {
  /** Registers a secret string: from now on it is written as [redacted] wherever it appears. */
  redact(secret: string): void
  /** A text as this logger would write it: registered secrets and token patterns blanked. */
  scrub(text: string): string
  readonly path: string
}

type Level = 'info' | 'warn' | 'error'

/**
 * A Logger writing one JSON object per line to `<dataDir>/logs/wholesale-desk.log`, rotating at
 * 1 MB and keeping 3 files. Every line is redacted before it is written, so a support bundle of
 * these files never carries a secret. Writes are synchronous: a crash right after a line keeps it.
 * A full or read-only disk never takes the app down: the line is dropped.
 */
export function createFileLogger(options: FileLoggerOptions): FileLogger {
  const dir = join(options.dataDir, 'logs')
  const path = join(dir, LOG_FILE_NAME)
  const maxBytes = options.maxBytes ?? 1024 * 1024
  const files = Math.max(1, options.files ?? 3)
  const now = options.now ?? Date.now
  const redactor = new Redactor()
  let size = -1

  function currentSize(): number {
    if (size < 0) size = existsSync(path) ? statSync(path).size : 0
    return size
  }

  function rotate(): void {
    // .2 → .3 … ; the oldest beyond `files - 1` is dropped.
    const oldest = `${path}.${files - 1}`
    if (files === 1) rmSync(path, { force: true })
    else if (existsSync(oldest)) rmSync(oldest, { force: true })
    for (let i = files - 2; i >= 1; i--) if (existsSync(`${path}.${i}`)) renameSync(`${path}.${i}`, `${path}.${i + 1}`)
    if (files > 1 && existsSync(path)) renameSync(path, `${path}.1`)
    size = 0
  }

  function write(level: Level, message: string, detail?: unknown): void {
    try {
      const entry: Record<string, unknown> = { time: new Date(now()).toISOString(), level, message: redactor.text(String(message)) }
      if (detail !== undefined) entry.detail = redactor.value(detail)
      const line = JSON.stringify(entry) + '\n'
      const bytes = Buffer.byteLength(line)
      mkdirSync(dir, { recursive: true })
      if (currentSize() > 0 && currentSize() + bytes > maxBytes) rotate()
      appendFileSync(path, line, { mode: 0o600 })
      size = currentSize() + bytes
      options.echo?.(line.trimEnd())
    } catch {
      size = -1 // re-read the size next time: the file may have been removed under us
    }
  }

  return {
    path,
    info: (message, detail) => write('info', message, detail),
    warn: (message, detail) => write('warn', message, detail),
    error: (message, detail) => write('error', message, detail),
    redact: (secret) => redactor.add(secret),
    scrub: (text) => redactor.text(text),
  }
}
