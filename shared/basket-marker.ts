/**
 * The submission marker: a random token the app writes at the end of a service basket's `name`
 * (" [wd-xxxxxxxxxx]") when it creates the basket. It is what lets the outbox find a basket whose
 * creation reply was lost (see electron/core/baskets/outbox.ts).
 *
 * Where it lives on the service, and why: the marker must be in a field the create body takes and
 * the baskets list returns, unchanged. Of the fields a basket takes, `name` is the only one not read
 * by someone else: the purchase order number goes on the customer's invoice, `end_user` names the
 * customer, and shipping and provisioning instructions are read by the warehouse and the
 * operator's provisioning staff; the service has no field its users never see (no external
 * reference or metadata in the create body, spec 4.2). So the name carries it, but only for as long
 * as it is needed: once the basket's id is recorded, the outbox puts the user's own name back before
 * submitting. The service's web interface can show a marked name only for the seconds between the
 * create and that update (or, after a crash, until the outbox runs again). Orders placed by older
 * versions kept the marker; the app never shows it (unmarkedName wherever a name is displayed).
 */
const MARKER_RE = /\[wd-([a-z2-9]{10})\]$/

const suffix = (marker: string) => ` [wd-${marker}]`
/** Room left for the user's own basket name (the service allows 255 characters). */
export const NAME_MAX = 255 - suffix('x'.repeat(10)).length

/** The basket name sent to the service: the user's name (trimmed to fit) and the marker. */
export function markedName(name: string, marker: string): string {
  return (name.trim().slice(0, NAME_MAX) + suffix(marker)).trimStart()
}

export function markerOf(name: string | null | undefined): string | null {
  return name ? (MARKER_RE.exec(name)?.[1] ?? null) : null
}

/** The user's part of a marked name (for "Work offline on this" and display). */
export function unmarkedName(name: string | null | undefined): string {
  return (name ?? '').replace(MARKER_RE, '').trimEnd()
}
