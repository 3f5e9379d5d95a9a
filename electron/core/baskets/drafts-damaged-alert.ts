import { basename } from 'node:path'
import { DESKTOP_MESSAGES } from '../../../shared/locales/desktop-messages'
import { formatMessage } from '../../../shared/locales/format-message'
import { languageOrFallback } from '../../../shared/locales/languages'
import type { Alert } from '../platform/services'

/** What the rep is told when the drafts file was damaged and moved aside (a desktop alert, in their language). */
export function damagedDraftsNotice(locale: string | null | undefined, movedAside: string, now: number): Alert {
  const t = DESKTOP_MESSAGES[languageOrFallback(locale)].alerts.draftsDamaged
  return { id: `drafts-damaged-${now}`, title: t.title, body: formatMessage(t.body, { file: basename(movedAside) }) }
}
