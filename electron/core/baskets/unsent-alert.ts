import { DESKTOP_MESSAGES } from '../../../shared/locales/desktop-messages'
import { formatMessage } from '../../../shared/locales/format-message'
import { languageOrFallback } from '../../../shared/locales/languages'
import type { DraftError } from '../../../shared/model/draft'
import type { Alert } from '../platform/services'
import type { Unsent } from './outbox'

/** A basket the outbox could not send and that needs the rep: its name as the drafts list shows it ('' for none), why, and the draft's error. */
export interface UnsentBasket {
  draftId: string
  title: string
  why: Unsent
  error?: DraftError | null
}

type Texts = (typeof DESKTOP_MESSAGES)['en']['alerts']

/**
 * Why a refused basket was refused: the app's own hold on a shipping type in the rep's words; a
 * refusal of the service by its kind in the rep's words, the service's own quoted under it (its first
 * field's, as the editor shows it on that field, or its message); one kept before refusals had a
 * kind, the service's words as its reason.
 */
function refusal(error: DraftError | null | undefined, alerts: Texts): string | null {
  if (!error) return null
  if (error.code === 'shipping_type') return alerts.basketsUnsent.refused.shippingType
  const said = Object.values(error.fields ?? {})[0] ?? error.message
  const kind = error.refusal?.kind
  if (kind === 'validation' || kind === 'forbidden' || kind === 'not_found' || kind === 'conflict') {
    return said ? `${alerts.refusedAs[kind]}\n${formatMessage(alerts.serviceSaid, { text: said })}` : alerts.refusedAs[kind]
  }
  return said ? formatMessage(alerts.reason, { text: said }) : null
}

/**
 * The desktop alert for baskets the outbox could not send while the window was out of sight (closed
 * to the tray), each told once, when it comes to need the rep: in their language, what they must do.
 * The baskets of one pass are one alert, as in sent-alert.ts; a click opens the draft, where it is
 * put right, or the outbox listing them. Either is named with its profile's id (`profileId`): the
 * rep may have switched to another profile by the time they click.
 */
export function unsentBasketsAlert(unsent: readonly UnsentBasket[], locale: string | null | undefined, profileId?: string): Alert {
  const { alerts } = DESKTOP_MESSAGES[languageOrFallback(locale)]
  const t = alerts.basketsUnsent
  const of = profileId ? { profileId } : {}
  if (unsent.length === 1) {
    const b = unsent[0]!
    const kind = t[b.why]
    const why = b.why === 'refused' ? refusal(b.error, alerts) : null
    return {
      id: `basket-unsent-${b.why}-${b.draftId}`,
      title: b.title ? formatMessage(kind.title, { name: b.title }) : kind.untitled,
      body: why ? `${why}\n${kind.body}` : kind.body,
      // Put right in its draft; one the service keeps failing waits in the outbox, where it can be tried again now.
      target: b.why === 'failing' ? { kind: 'outbox', ...of } : { kind: 'draft', draftId: b.draftId, ...of },
    }
  }
  return {
    id: `baskets-unsent-${unsent[0]!.draftId}-${unsent.length}`,
    title: formatMessage(t.several, { n: unsent.length }),
    body: unsent.map((b) => (b.title ? formatMessage(t.item, { name: b.title, state: t[b.why].state }) : formatMessage(t.untitledItem, { state: t[b.why].state }))).join('\n'),
    target: { kind: 'outbox', ...of },
  }
}
