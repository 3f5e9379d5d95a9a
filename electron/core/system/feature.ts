import { AppError } from '../../../shared/ipc/contract-kit'
import type { CoreContext, Feature } from '../context'

export interface SystemOptions {
  version: string
  harness: boolean
  openExternal?: (url: string) => Promise<boolean>
}

/** App-level channels that need no connection. */
export function systemFeature(_ctx: CoreContext, opts: SystemOptions): Feature {
  return {
    handlers: {
      'system.info': () => ({ version: opts.version, platform: process.platform, harness: opts.harness }),
      'system.openExternal': async ({ url }) => {
        if (!opts.openExternal) throw new AppError('internal', 'Opening links is not available here.')
        return { opened: await opts.openExternal(url) }
      },
    },
  }
}
