import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { IpcResult } from '../../../shared/ipc/contract-kit'

const CALL_TIMEOUT_MS = 120_000

export interface CoreProcessOptions {
  dataDir: string
  journal: string
  demo: { baseUrl: string; clientId: string; clientSecret: string }
}

/**
 * The parent's handle on the core running in core-child.ts: calls go over the IPC channel; kill()
 * is a SIGKILL, start() a new process on the same data folder (the clock offset and the keychain's
 * lock carry over, as they would on the same computer).
 */
export class CoreProcess {
  private child: ChildProcess | null = null
  private seq = 0
  private pending = new Map<number, { resolve: (r: IpcResult<unknown>) => void; reject: (e: Error) => void }>()
  clockOffsetMs = 0
  keychainLocked = false
  starts = 0

  constructor(private readonly opts: CoreProcessOptions) {}

  async start(): Promise<void> {
    const child = fork(fileURLToPath(new URL('./core-child.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        WD_DATA_DIR: this.opts.dataDir,
        WD_JOURNAL: this.opts.journal,
        WD_DEMO_URL: this.opts.demo.baseUrl,
        WD_DEMO_CLIENT_ID: this.opts.demo.clientId,
        WD_DEMO_CLIENT_SECRET: this.opts.demo.clientSecret,
        WD_CLOCK_OFFSET_MS: String(this.clockOffsetMs),
        WD_KEYCHAIN_LOCKED: this.keychainLocked ? '1' : '0',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    this.child = child
    this.starts++
    child.on('message', (m: { id?: number; reply?: IpcResult<unknown> }) => {
      if (m.id === undefined) return
      const p = this.pending.get(m.id)
      this.pending.delete(m.id)
      p?.resolve(m.reply!)
    })
    child.once('exit', (code, signal) => {
      if (this.child === child) this.child = null
      for (const p of this.pending.values()) p.reject(new Error(`the core process ended (${signal ?? code})`))
      this.pending.clear()
    })
    await new Promise<void>((resolve, reject) => {
      const onMessage = (m: { ready?: boolean }) => {
        if (!m.ready) return
        child.off('message', onMessage)
        resolve()
      }
      child.on('message', onMessage)
      child.once('exit', (code) => reject(new Error(`the core process did not start (exit ${code})`)))
    })
  }

  private send(message: object): Promise<IpcResult<unknown>> {
    const child = this.child
    if (!child) return Promise.reject(new Error('the core process is not running'))
    const id = ++this.seq
    return new Promise((resolve, reject) => {
      // A core that stops answering is a finding, not a hung run.
      const timer = setTimeout(() => {
        this.pending.delete(id)
        reject(new Error(`the core did not answer ${JSON.stringify(message).slice(0, 120)} within ${CALL_TIMEOUT_MS / 1000} s`))
      }, CALL_TIMEOUT_MS)
      this.pending.set(id, {
        resolve: (r) => (clearTimeout(timer), resolve(r)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      })
      child.send({ id, ...message })
    })
  }

  /** The core's answer to one channel, as the window would get it. */
  dispatch(channel: string, input?: unknown): Promise<IpcResult<unknown>> {
    return this.send({ call: channel, input })
  }

  async call<T>(channel: string, input?: unknown): Promise<T> {
    const reply = await this.dispatch(channel, input)
    if (!reply.ok) throw Object.assign(new Error(`${channel}: ${reply.error.code} ${reply.error.message}`), { ipc: reply.error })
    return reply.value as T
  }

  async setClockOffset(ms: number): Promise<void> {
    this.clockOffsetMs = ms
    await this.send({ clockOffsetMs: ms })
  }

  async setKeychainLocked(locked: boolean): Promise<void> {
    this.keychainLocked = locked
    await this.send({ keychainLocked: locked })
  }

  /** SIGKILL: nothing more runs in that process, whatever it was doing. */
  async kill(): Promise<void> {
    const child = this.child
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise<void>((r) => child.once('exit', () => r()))
    child.kill('SIGKILL')
    await exited
  }

  /** A clean quit (the core stops its features and closes its files). */
  async stop(): Promise<void> {
    const child = this.child
    if (!child) return
    const exited = new Promise<void>((r) => child.once('exit', () => r()))
    await this.send({ stop: true }).catch(() => {})
    await exited
  }
}
