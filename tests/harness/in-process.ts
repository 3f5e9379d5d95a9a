/**
 * TESTS ONLY — window.api without a browser or a server: buildApi() over a transport that calls
 * the real core in this process. Component tests (vitest + happy-dom) use it to mount views against
 * the real core and a real sandbox. Values cross as JSON, as they do over IPC or the harness's HTTP.
 */
import { buildApi, type Api, type Transport } from '../../shared/ipc/api-builder'
import { startHarnessCore, type HarnessCore, type HarnessCoreOptions } from './harness-core'
import { profileFiles, type ProfileFiles } from './profile-files'

export interface InProcessApp extends HarnessCore {
  api: Api
  transport: Transport
  /** The profiles' files on disk, for states no channel can make (a damaged or locked drafts file). */
  profileFiles: ProfileFiles
}

const viaJson = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)))

export async function startInProcessApp(opts: HarnessCoreOptions = {}): Promise<InProcessApp> {
  const harnessCore = await startHarnessCore(opts)
  const transport: Transport = {
    invoke: async (channel, input) => viaJson(await harnessCore.core.dispatch(channel, viaJson(input))),
    subscribe: (listener) => harnessCore.onEvent((event, payload) => listener(event, viaJson(payload))),
  }
  return { ...harnessCore, api: buildApi(transport), transport, profileFiles: profileFiles(harnessCore.dataDir) }
}
