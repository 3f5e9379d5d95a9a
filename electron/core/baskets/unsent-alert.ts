import { DESKTOP_MESSAGES } from '../../../shared/locales/desktop-messages'
import { formatMessage } from '../../../shared/locales/format-message'
import { languageOrFallback } from '../../../shared/locales/languages'
import type { Alert } from '../platform/services'
import type { Unsent } from './outbox'

/** A basket the outbox could not send and that needs the rep: its name as the drafts list shows it ('' for none), and why. */
export interface UnsentBasket {
  draftId: string
  title: string
  why: Unsent
}

/**
 * The desktop alert for baskets the outbox could not send while the window was out of sight (closed
 * to the tray), each told once, when it comes to need the rep: in their language, what they must do.
 * The baskets of one pass are one alert, as in sent-alert.ts; a click opens the draft, where it is
 * put right, or the outbox listing them.
 */
export function unsentBasketsAlert(unsent: readonly UnsentBasket[], locale: string | null | undefined): Alert {
  const t = DESKTOP_MESSAGES[languageOrFallback(locale)].alerts.basketsUnsent
  if (unsent.length === 1) {
    const b = unsent[0]!
    const kind = t[b.why]
    return {
      id: `basket-unsent-${b.why}-${b.draftId}`,
      title: b.title ? formatMessage(kind.title, { name: b.title }) : kind.untitled,
      body: kind.body,
      target: { kind: 'draft', draftId: b.draftId },
    }
  }
  return {
    id: `baskets-unsent-${unsent[0]!.draftId}-${unsent.length}`,
    title: formatMessage(t.several, { n: unsent.length }),
    body: unsent.map((b) => (b.title ? formatMessage(t.item, { name: b.title, state: t[b.why].state }) : formatMessage(t.untitledItem, { state: t[b.why].state }))).join('\n'),
    target: { kind: 'outbox' },
  }
}
