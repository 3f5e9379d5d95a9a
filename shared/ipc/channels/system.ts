import { z } from 'zod'
import { channel } from '../contract-kit'

/** App-level channels that need no connection. */
export const systemChannels = {
  'system.info': channel(
    z.undefined(),
    z.object({ version: z.string(), platform: z.string(), harness: z.boolean() }),
  ),
  'system.openExternal': channel(z.object({ url: z.url({ protocol: /^https$/ }) }), z.object({ opened: z.boolean() })),
}

export const systemEvents = {
  /** Online state comes from probing the service. */
  'system.online': z.object({ online: z.boolean(), checkedAt: z.string() }),
}
