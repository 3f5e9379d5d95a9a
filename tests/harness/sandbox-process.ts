/**
 * TESTS ONLY — a sandbox in its own Node process. Component tests run under happy-dom, whose
 * globals (Response, Headers …) break an HTTP server in the same process; in a child process the
 * sandbox runs exactly as in production. `control` is the sandbox's own, every call made async.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'
import type { Sandbox, SandboxControl, SandboxOptions } from '../../electron/sandbox'

type Async<T> = { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never }

export interface SandboxProcess extends Pick<Sandbox, 'url' | 'baseUrl' | 'demo' | 'clients'> {
  /** The child's process id (benchmarks read its CPU time). */
  pid: number
  control: Async<SandboxControl>
  close(): Promise<void>
}

type Reply = { id: number; result?: unknown; error?: string }

export async function startSandboxProcess(options: SandboxOptions = {}): Promise<SandboxProcess> {
  const child: ChildProcess = fork(resolve(import.meta.dirname, 'sandbox-process-entry.ts'), [], {
    execArgv: ['--import', 'tsx', '--no-warnings'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const ready = await new Promise<Pick<Sandbox, 'url' | 'baseUrl' | 'demo' | 'clients'>>((ok, fail) => {
    child.once('message', (m) => ok((m as { ready: Pick<Sandbox, 'url' | 'baseUrl' | 'demo' | 'clients'> }).ready))
    child.once('exit', (code) => fail(new Error(`the sandbox process exited (${code}) before it was ready`)))
    child.send({ port: 0, ...options })
  })

  let next = 0
  const pending = new Map<number, { ok: (v: unknown) => void; fail: (e: Error) => void }>()
  child.on('message', (m) => {
    const reply = m as Reply
    const p = pending.get(reply.id)
    if (!p) return
    pending.delete(reply.id)
    if (reply.error !== undefined) p.fail(new Error(reply.error))
    else p.ok(reply.result)
  })
  child.on('exit', () => {
    for (const p of pending.values()) p.fail(new Error('the sandbox process exited'))
    pending.clear()
  })
  const call = (method: string, args: unknown[]) =>
    new Promise<unknown>((ok, fail) => {
      const id = ++next
      pending.set(id, { ok, fail })
      child.send({ id, method, args })
    })

  const control = new Proxy({} as Async<SandboxControl>, { get: (_t, method: string) => (...args: unknown[]) => call(method, args) })
  let closed: Promise<void> | null = null
  return {
    ...ready,
    pid: child.pid!,
    control,
    close: () =>
      (closed ??= (async () => {
        if (child.exitCode !== null) return
        const exited = new Promise<void>((ok) => child.once('exit', () => ok()))
        await call('close', []).catch(() => child.kill())
        await exited
      })()),
  }
}
