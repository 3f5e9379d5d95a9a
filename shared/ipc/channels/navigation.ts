import { NavigationTarget } from '../../model/navigation'

// Re-exported from the domain model (shared/model) for the renderer's imports.
export { NavigationTarget }

export const navigationChannels = {}
