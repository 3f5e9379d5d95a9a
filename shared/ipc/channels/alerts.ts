import { AlertShown, supersedes } from '../../model/alert'

// Re-exported from the domain model (shared/model) for the renderer's imports.
export { AlertShown, supersedes }

export const alertsChannels = {}
