import type { DraftLine, LineProductInfo } from '../../../../shared/ipc/channels/baskets'

/** The ordering data each subscription kind asks for on a line: field, and its label under baskets.lines. */
export const ORDER_FIELDS = {
  SUBSCRIPTION_KIND_STORAGE: {
    order: 'storage_order',
    fields: [
      ['team_name', 'teamName'],
      ['admin_email', 'adminEmail'],
    ],
  },
  SUBSCRIPTION_KIND_BACKUP: {
    order: 'backup_order',
    fields: [
      ['tenant_name', 'tenantName'],
      ['admin_email', 'adminEmail'],
    ],
  },
  SUBSCRIPTION_KIND_MEETING: {
    order: 'meeting_order',
    fields: [
      ['deal_registration_id', 'dealId'],
      ['deal_registration_approval_id', 'dealApproval'],
      ['end_user_name', 'endUserName'],
      ['end_user_company', 'endUserCompany'],
      ['end_user_email', 'endUserEmail'],
    ],
  },
} as const

/**
 * The fields (paths under the line, as the service names them) that LineOptions has a control for
 * on this line with this product. Their errors show under that control; a line's other errors show
 * on its row, so that each shows once and none is lost when the product's options are not known.
 */
export function optionFields(line: DraftLine, info: LineProductInfo | null): string[] {
  if (!info) return []
  const paths: string[] = []
  if (info.provisioning.length) paths.push('prov_product')
  if (info.provisioning.find((p) => p.id === line.prov_product)?.partner) paths.push('prov_organisation', 'prov_group', 'prov_site')
  if (info.maintenance.length) paths.push('maintenance_product')
  if (info.rate_plans.length) paths.push('selected_rate_plan')
  const kind = info.subscription_type ? ORDER_FIELDS[info.subscription_type] : null
  if (kind) paths.push(...kind.fields.map(([f]) => `${kind.order}.${f}`))
  return paths
}
