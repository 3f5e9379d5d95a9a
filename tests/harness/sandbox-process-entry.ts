/**
 * TESTS ONLY — runs a sandbox in a child process for sandbox-process.ts: answers its options with
 * the sandbox's address and credentials, then runs `control` calls sent over the IPC channel.
 */
import { startSandbox, type SandboxOptions } from '../../electron/sandbox'

type Request = { id: number; method: string; args: unknown[] }

const send = (message: unknown) => process.send?.(message)

process.once('message', async (options: SandboxOptions) => {
  const sandbox = await startSandbox(options)
  const { url, baseUrl, demo, clients } = sandbox
  send({ ready: { url, baseUrl, demo, clients } })
  process.on('message', async ({ id, method, args }: Request) => {
    try {
      if (method === 'close') {
        await sandbox.close()
        send({ id, result: null })
        process.disconnect()
        return
      }
      const fn = (sandbox.control as unknown as Record<string, (...a: unknown[]) => unknown>)[method]
      if (!fn) throw new Error(`the sandbox has no control.${method}`)
      send({ id, result: (await fn.apply(sandbox.control, args)) ?? null })
    } catch (err) {
      send({ id, error: (err as Error).message })
    }
  })
})
