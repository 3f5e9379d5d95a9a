import { describe, expect, it } from 'vitest'
import { ProfileScoped, type ScopeHooks, type SessionSource } from './profile-scoped'
import type { ActiveSession } from './session'

/** The connection's side of it: which session is active, and its change announced to listeners. */
class Switchboard implements SessionSource {
  private session: ActiveSession | null = null
  private listeners = new Set<(s: ActiveSession | null) => void | Promise<void>>()
  active() {
    return this.session
  }
  onChange(l: (s: ActiveSession | null) => void | Promise<void>) {
    this.listeners.add(l)
    return () => this.listeners.delete(l)
  }
  /** Like Connection.activate / remove: the session changes, then every listener hears it. */
  async switchTo(s: ActiveSession | null): Promise<void> {
    this.session = s
    await Promise.allSettled([...this.listeners].map((l) => l(s)))
  }
}

const session = (profileId: string) => ({ profile: { id: profileId }, profileDir: `/p/${profileId}` }) as unknown as ActiveSession
const quiet = { info() {}, warn() {}, error() {} }

function scoped(board: Switchboard, hooks: Partial<ScopeHooks<string>> = {}) {
  const log: string[] = []
  let n = 0
  const scope = new ProfileScoped<string>(board, 'test', quiet, {
    open: (s) => {
      const state = `${s.profile.id}#${++n}`
      log.push(`open ${state}`)
      return state
    },
    close: async (state) => {
      await Promise.resolve()
      log.push(`close ${state}`)
    },
    changed: (state) => log.push(`changed ${state}`),
    ...hooks,
  })
  return { scope, log }
}

describe('ProfileScoped: a feature’s state follows the active profile', () => {
  it('opens the active profile’s state, keeps it through news of the same profile, and closes it when another becomes active', async () => {
    const board = new Switchboard()
    await board.switchTo(session('a'))
    const { scope, log } = scoped(board)
    scope.start()
    expect(scope.current()).toBe('a#1')

    await board.switchTo(session('a')) // the profile edited: a new session of it
    expect(scope.current()).toBe('a#1')
    await board.switchTo(session('b'))
    expect(scope.current()).toBe('b#2')
    await board.switchTo(null) // removed: nothing active
    expect(scope.current()).toBeNull()
    expect(log).toEqual(['open a#1', 'changed a#1', 'open b#2', 'close a#1', 'close b#2'])
  })

  it('removing a profile waits until its state has closed (its folder is deleted next)', async () => {
    const board = new Switchboard()
    const { scope, log } = scoped(board)
    scope.start()
    await board.switchTo(session('a'))
    await board.switchTo(null)
    expect(log.at(-1)).toBe('close a#1')
  })

  it('per session, opening after close: the next session’s state opens only once the last one has closed', async () => {
    const board = new Switchboard()
    const { scope, log } = scoped(board, { per: 'session', openAfterClose: true })
    scope.start()
    await board.switchTo(session('a'))
    expect(await scope.ready()).toBe('a#1')
    await board.switchTo(session('a'))
    expect(await scope.ready()).toBe('a#2')
    expect(log).toEqual(['open a#1', 'close a#1', 'open a#2'])
  })

  it('asked before it heard of a new session, it opens that one’s state at once; stopped, it closes and opens nothing more', async () => {
    const board = new Switchboard()
    const { scope, log } = scoped(board)
    await board.switchTo(session('a'))
    expect(scope.current()).toBe('a#1') // not started: asked all the same
    scope.start()
    await scope.stop()
    await board.switchTo(session('b'))
    expect(scope.current()).toBeNull()
    expect(log).toEqual(['open a#1', 'changed a#1', 'close a#1'])
  })
})
