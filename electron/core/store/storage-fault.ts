import { AppError } from '../../../shared/model/app-error'

/** SQLite's primary result code for a full disk (or a database at its size limit). node:sqlite's errcode is the extended code. */
const SQLITE_FULL = 13

/**
 * A write that failed because the disk is full, as the clear error the rep sees: SQLite rolled the
 * statement (or the transaction) back, so what was saved before is still there. Null for any
 * other failure.
 */
export function storageFault(err: unknown): AppError | null {
  const code = (err as { errcode?: unknown } | null)?.errcode
  if (typeof code !== 'number' || (code & 0xff) !== SQLITE_FULL) return null
  return new AppError('storage_full', 'The disk is full, so this could not be saved. What was saved before is kept; free some space and try again.')
}
