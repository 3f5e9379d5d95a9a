import { afterAll, beforeAll } from 'vitest'
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../electron/sandbox'
import { RecordClient } from './record-client'

/** A public-record suite's sandbox (started before its tests, closed after them) and a record-only client signed in to it. */
export interface RecordSuite {
  readonly sb: Sandbox
  readonly api: RecordClient
}

export function recordSuite(options: SandboxOptions): RecordSuite {
  const suite = {} as { sb: Sandbox; api: RecordClient }
  beforeAll(async () => {
    suite.sb = await startSandbox(options)
    suite.api = await new RecordClient(suite.sb.url, suite.sb.demo).signIn()
  })
  afterAll(() => suite.sb?.close())
  return suite
}
