import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { app, clipboard, dialog, type BrowserWindow } from 'electron'

/** The system clipboard, for "Copy diagnostics". */
export function copyText(text: string): void {
  void clipboard.writeText(text)
}

/** "Save diagnostics": the save dialog (in Documents by default); null when the user cancelled. */
export async function saveTextAs(win: BrowserWindow | null, suggestedName: string, text: string): Promise<string | null> {
  const options = { defaultPath: join(app.getPath('documents'), suggestedName), filters: [{ name: 'Text', extensions: ['txt'] }] }
  const { canceled, filePath } = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options)
  if (canceled || !filePath) return null
  await writeFile(filePath, text, { mode: 0o600 })
  return filePath
}

const FILE_TYPES: Record<string, { name: string; extensions: string[] }> = {
  csv: { name: 'CSV', extensions: ['csv'] },
  xlsx: { name: 'Excel', extensions: ['xlsx'] },
  pdf: { name: 'PDF', extensions: ['pdf'] },
}

/** A document (export, PDF) through the save dialog, in Documents by default; null when cancelled. */
export async function saveFileAs(win: BrowserWindow | null, suggestedName: string, bytes: Uint8Array): Promise<string | null> {
  const type = FILE_TYPES[suggestedName.split('.').pop() ?? '']
  const options = { defaultPath: join(app.getPath('documents'), suggestedName), filters: type ? [type] : [] }
  const { canceled, filePath } = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options)
  if (canceled || !filePath) return null
  await writeFile(filePath, bytes)
  return filePath
}
