import { z } from 'zod'

/**
 * What our sandbox offers beyond the service's public record (GET /sandbox/capabilities, ours):
 * `cancelOrder`, its demo cancel route. The real service has no such path (a 404): the client then
 * assumes nothing extra, and orders are cancelled in the service's web interface.
 */
export const SandboxCapabilities = z.object({ cancelOrder: z.boolean().catch(false) }).loose()
export type SandboxCapabilities = z.infer<typeof SandboxCapabilities>
