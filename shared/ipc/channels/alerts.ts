import { AlertShown, afterNewer } from '../../model/alert'

// Re-exported from the domain model (shared/model) for the renderer's imports.
export { AlertShown, afterNewer }

export const alertsChannels = {}
