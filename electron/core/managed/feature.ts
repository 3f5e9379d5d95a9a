import type { ProvisionedProfile } from '../../../shared/model/provisioning'
import type { CoreContext, Feature } from '../context'
import type { Provisioning } from './provisioning'

const DEFAULTS_KEY = 'managed.defaultProfile'

/**
 * Applies an administrator's provisioned connection at the first start with no profile: it is
 * kept as the defaults of the first connection the user adds (the secret is the user's own). Once
 * applied it stays what it was; a later change to the file does not rewrite anyone's setup, but
 * it does apply to a workstation that still has no connection.
 */
export function managedFeature(ctx: CoreContext, provisioning: Provisioning | undefined): Feature {
  return {
    handlers: {
      'managed.defaults': () => {
        const kept = ctx.settings.get<{ profile: ProvisionedProfile; source: string } | null>(DEFAULTS_KEY, null)
        return kept ?? { profile: null, source: null }
      },
    },
    start() {
      if (!provisioning) return
      for (const p of provisioning.problems) ctx.log.warn('provisioning ignored', { problem: p })
      const profile = provisioning.config.profile
      if (!profile || ctx.connection.list().some((p) => !p.demo)) return
      const kept: ProvisionedProfile = { name: profile.name, baseUrl: profile.baseUrl, environment: profile.environment, clientId: profile.clientId ?? null }
      ctx.settings.set(DEFAULTS_KEY, { profile: kept, source: provisioning.source })
      ctx.log.info('provisioned connection applied', { source: provisioning.source, baseUrl: kept.baseUrl, environment: kept.environment })
    },
  }
}
