import { DRAFTS_FILE_FORMAT, DraftsFile } from '../../../shared/model/drafts-file'
import { AppError, fieldsOf } from '../../../shared/model/app-error'
import type { BasketStore } from './basket-store'
import { transaction } from '../store/database'

/** Every draft not yet submitted, as a drafts file: a backup, or drafts to take to another workstation. */
export function exportDrafts(store: BasketStore, service: string, now: number): { text: string; count: number } {
  const drafts = store.all().filter((d) => d.state !== 'submitted')
  const file: DraftsFile = {
    format: DRAFTS_FILE_FORMAT,
    version: 1,
    exportedAt: new Date(now).toISOString(),
    service,
    drafts: drafts.map((d) => ({ organisation: d.organisation, service: d.service, doc: d.doc })),
  }
  return { text: JSON.stringify(file, null, 1), count: drafts.length }
}

/**
 * Adds the drafts of a drafts file, each as a new draft (new id, not queued): what is already here
 * never changes, and importing the same file twice gives two copies rather than losing one. The
 * whole file is checked first; one that is not a drafts file adds nothing.
 */
export function importDrafts(store: BasketStore, text: string, service: string, actingOrganisation: number | null): number {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new AppError('invalid_input', 'This file is not a drafts file of Wholesale Desk (it is not JSON).').because({ code: 'notDraftsFile' })
  }
  const parsed = DraftsFile.safeParse(json)
  if (!parsed.success) throw new AppError('invalid_input', 'This file is not a drafts file of Wholesale Desk, or it is damaged; nothing was imported.', fieldsOf(parsed.error)).because({ code: 'notDraftsFile' })
  return transaction(store.db, () => {
    for (const d of parsed.data.drafts) {
      const from = d.service ?? parsed.data.service
      // An organisation id means something only on the service it came from.
      store.create(from === service ? d.organisation : actingOrganisation, from ?? service, d.doc)
    }
    return parsed.data.drafts.length
  })
}
