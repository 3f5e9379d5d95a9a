/**
 * Error fields as the service or the contract names them ("roles.2", "email_address") → the form
 * field they belong to, first message kept.
 */
export function byFormField(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [path, message] of Object.entries(fields)) {
    const field = path.split('.')[0] ?? path
    out[field] ??= message
  }
  return out
}
