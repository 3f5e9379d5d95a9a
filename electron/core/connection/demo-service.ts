import { AppError } from '../../../shared/model/app-error'
import type { DemoLauncher } from '../platform/services'
import type { Profiles } from './profiles'

/**
 * Starts the embedded demo service (the shell's launcher) and points the demo profile at it;
 * answers that profile's id. The service listens on a new random port each launch, so the profile
 * is brought up to date every time.
 */
export async function startDemoService(launch: DemoLauncher | undefined, profiles: Profiles): Promise<string> {
  if (!launch) throw new AppError('internal', 'Demo mode is not available in this build.')
  return profiles.saveDemo(await launch())
}
