// @vitest-environment happy-dom
import { describe, expect, it, onTestFinished } from 'vitest'
import type { SecretStore } from '../../../../electron/core/credentials/secret-store'
import { AppError } from '../../../../shared/ipc/contract-kit'
import { startNotServiceServer, startSelfSignedServer, startWebPageServer } from '../../../../tests/harness/web-page-server'
import { appSuite } from '../../../../tests/support/renderer/app-suite'
import { $, $$, typeInto, waitFor } from '../../../../tests/support/renderer/mount-app'

/** The connection screen on the real core (this process), the real keychain and a real sandbox. */

const input = (name: string) => $<HTMLInputElement>(`[data-testid=profile-form] input[name=${name}]`)!

function type(name: string, value: string): void {
  const el = input(name)
  typeInto(el, value)
  el.dispatchEvent(new Event('blur'))
}

function fill(values: { name: string; baseUrl: string; clientId: string; clientSecret: string }): void {
  for (const [k, v] of Object.entries(values)) type(k, v)
}

const save = () => $<HTMLButtonElement>('[data-testid=save-profile]')!.click()
const fieldError = (field: string) => $(`[data-field-error=${field}]`)?.textContent?.trim()
const profileRow = (name: string) => $$('[data-testid=profile]').find((row) => row.querySelector('.profile__name')?.textContent === name)

async function openForm(): Promise<void> {
  ;(await waitFor(() => $<HTMLButtonElement>('[data-testid=add-profile]'), 'the add button')).click()
  await waitFor(() => $('[data-testid=profile-form]'), 'the form')
}

async function testProfile(name: string): Promise<HTMLElement> {
  const row = await waitFor(() => profileRow(name), `the profile ${name}`)
  row.querySelector<HTMLButtonElement>('[data-testid=test-profile]')!.click()
  return waitFor(() => profileRow(name)!.querySelector<HTMLElement>('[data-testid=test-result], [data-error-code]'), `the test of ${name}`)
}

const UUID = '3f2b8c1e-5d4a-4b6f-9e21-7c8d9a0b1c2d'

describe('connection screen', () => {
  const suite = appSuite({ sandbox: { products: 300, orders: 10, speed: 0 } })

  /** A button of the open dialog, by its text. */
  const dialogButton = (text: string) => [...document.querySelectorAll<HTMLButtonElement>('.n-dialog button')].find((b) => b.textContent?.trim() === text)

  /** The demo account of the sandbox, saved as a profile named `name`. */
  async function saveProfile(name: string): Promise<string> {
    const saved = await suite.app.api.connection.save({ name, baseUrl: suite.sandbox.baseUrl, clientId: suite.sandbox.demo.clientId, clientSecret: suite.sandbox.demo.clientSecret })
    if (!saved.ok) throw new Error(saved.error.message)
    return saved.value.id
  }

  /** "Remove" on the profile's row, then "Remove" in the confirmation. */
  async function askToRemove(name: string): Promise<void> {
    const row = await waitFor(() => profileRow(name), `the profile ${name}`)
    ;[...row.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Remove')!.click()
    ;(await waitFor(() => dialogButton('Remove'), 'the confirmation')).click()
  }

  it('marks wrong fields in words, keeps everything typed, and saves nothing', async () => {
    await suite.mount({ path: '/settings/connections' })
    await openForm()
    fill({ name: 'Head office', baseUrl: 'http://orders.example.com/api/v1', clientId: 'not-a-uuid', clientSecret: 'typed secret' })
    save()
    await waitFor(() => fieldError('clientId'), 'the client ID error')
    expect(fieldError('baseUrl')).toBe('HTTPS is required for any host other than this computer.')
    expect(fieldError('clientId')).toContain('Enter the client ID as a UUID')
    expect(input('clientId').getAttribute('aria-invalid')).toBe('true')
    expect(input('clientId').getAttribute('aria-describedby')).toContain(`${input('clientId').id}-error`)
    expect([input('name').value, input('baseUrl').value, input('clientId').value, input('clientSecret').value]).toEqual([
      'Head office',
      'http://orders.example.com/api/v1',
      'not-a-uuid',
      'typed secret',
    ])
    expect(await suite.app.api.connection.list()).toEqual({ ok: true, value: [] })
  })

  it('saves a profile and tests it at once', async () => {
    await suite.mount({ path: '/settings/connections' })
    await openForm()
    fill({ name: 'Fresh', baseUrl: suite.sandbox.baseUrl, clientId: suite.sandbox.demo.clientId, clientSecret: suite.sandbox.demo.clientSecret })
    save()
    const result = await waitFor(() => profileRow('Fresh')?.querySelector('[data-testid=test-result]'), 'the automatic test')
    expect(result.textContent).toContain('The service accepted the credentials.')
    await suite.app.api.connection.remove({ id: profileRow('Fresh')!.getAttribute('data-profile-id')! })
  })

  it('keeps the keyboard where the rep works: Edit and Add on the form\u2019s first field, Cancel back on the button that opened it, Save on the connection\u2019s Connect', async () => {
    await saveProfile('Branch')
    await suite.mount({ path: '/settings/connections' })
    const row = () => profileRow('Branch')!
    const edit = await waitFor(() => row()?.querySelector<HTMLButtonElement>('[data-testid=edit-profile]'), 'the Edit button')
    edit.focus()
    edit.click()
    await waitFor(() => document.activeElement === input('name') || null, 'the name field focused')
    $<HTMLButtonElement>('[data-testid=profile-form] button:not([data-testid=save-profile])')!.click()
    await waitFor(() => (!$('[data-testid=profile-form]') && document.activeElement === row().querySelector('[data-testid=edit-profile]')) || null, 'the focus back on Edit')

    const add = $<HTMLButtonElement>('[data-testid=add-profile]')!
    add.focus()
    add.click()
    await waitFor(() => document.activeElement === input('name') || null, 'the new form\u2019s name field focused')
    $<HTMLButtonElement>('[data-testid=profile-form] button:not([data-testid=save-profile])')!.click()
    await waitFor(() => document.activeElement === $('[data-testid=add-profile]') || null, 'the focus back on Add connection')

    await openForm()
    fill({ name: 'Fresh', baseUrl: suite.sandbox.baseUrl, clientId: suite.sandbox.demo.clientId, clientSecret: suite.sandbox.demo.clientSecret })
    save()
    const connect = await waitFor(() => profileRow('Fresh')?.querySelector<HTMLButtonElement>('[data-testid=connect-profile]'), 'the new connection')
    await waitFor(() => document.activeElement === connect || null, 'the focus on the new connection\u2019s Connect')
    for (const name of ['Fresh', 'Branch']) await suite.app.api.connection.remove({ id: profileRow(name)!.getAttribute('data-profile-id')! })
  })

  it('saves a profile, never shows its secret again, and tests it: wrong secret → the service refused it', async () => {
    await suite.mount({ path: '/settings/connections' })
    await openForm()
    expect(input('clientSecret').type).toBe('password')
    fill({ name: 'Wrong secret', baseUrl: suite.sandbox.baseUrl, clientId: suite.sandbox.demo.clientId, clientSecret: 'not the secret' })
    save()
    await waitFor(() => profileRow('Wrong secret'), 'the saved profile')
    expect($('[data-testid=profile-form]')).toBeNull()

    // Editing starts with an empty secret field: the stored secret never comes back to the window.
    profileRow('Wrong secret')!.querySelectorAll('button')[2]!.click()
    await waitFor(() => $('[data-testid=profile-form]'), 'the edit form')
    expect(input('clientSecret').value).toBe('')
    expect(input('clientId').value).toBe(suite.sandbox.demo.clientId)
    expect(document.body.innerHTML).not.toContain('not the secret')

    const outcome = await testProfile('Wrong secret')
    expect(outcome.getAttribute('data-error-code')).toBe('unauthorized')
    expect(outcome.textContent).toContain('The service refused the client ID or secret')
  })

  it('tests a working profile and shows the user it acts as', async () => {
    const saved = await suite.app.api.connection.save({ name: 'Working', baseUrl: suite.sandbox.baseUrl, clientId: suite.sandbox.demo.clientId, clientSecret: suite.sandbox.demo.clientSecret, environment: 'production' })
    expect(saved.ok).toBe(true)
    await suite.mount({ path: '/settings/connections' })
    const result = await testProfile('Working')
    expect(result.getAttribute('data-testid')).toBe('test-result')
    const text = result.textContent ?? ''
    for (const label of ['User', 'Organisation', 'Currency', 'Locale', 'Time zone', 'Modules', 'Permissions']) expect(text).toContain(label)
    expect($('[data-testid=emulation-notice]')).toBeNull()
  })

  /**
   * Adds a profile through the form as a rep would (the form shows the URL it will keep), saves it,
   * and answers the outcome of the test that runs at once: the test result or the error notice.
   */
  async function addThroughForm(name: string, baseUrl: string, finalUrl: string, secret = suite.sandbox.demo.clientSecret): Promise<HTMLElement> {
    await suite.mount({ path: '/settings/connections' })
    await openForm()
    fill({ name, baseUrl, clientId: suite.sandbox.demo.clientId, clientSecret: secret })
    expect(await waitFor(() => $('[data-testid=final-url]')?.textContent?.trim(), 'the final URL')).toBe(`Connects to ${finalUrl}`)
    save()
    return waitFor(() => profileRow(name)?.querySelector<HTMLElement>('[data-testid=test-result], [data-error-code]'), `the test of ${name}`)
  }

  /** Removes the profiles a test added (by name); the ones of earlier tests stay for the later ones. */
  async function removeNamed(...names: string[]): Promise<void> {
    const list = await suite.app.api.connection.list()
    if (list.ok) for (const p of list.value.filter((p) => names.includes(p.name))) await suite.app.api.connection.remove({ id: p.id, discardDrafts: true })
  }

  it('takes the base URL in each form a rep pastes, shows the one it keeps, and connects with each', async () => {
    const origin = suite.sandbox.url.replace(/\/+$/, '')
    const forms = [
      origin,
      `${origin}/`,
      `${origin}/api/v1`,
      `${origin}/api/v1/`,
      `${origin}/api/v1/orders`,
      `${origin}/api/v1/oauth/create_token`,
      `${origin}/oauth/create_token`,
      `${origin}/api`,
      `${origin}/api/`,
      `${origin}/api/v1?page=2&per_page=50`,
    ]
    for (const [i, pasted] of forms.entries()) {
      const outcome = await addThroughForm(`Form ${i}`, pasted, `${origin}/api/v1`)
      expect(outcome.getAttribute('data-testid'), pasted).toBe('test-result')
      expect(profileRow(`Form ${i}`)!.querySelector('.profile__url')!.textContent).toBe(`${origin}/api/v1`)
      if (i < forms.length - 1) suite.mounted.unmount()
    }
    await removeNamed(...forms.map((_, i) => `Form ${i}`))
  })

  it('tells bad credentials (invalid_client) apart, with what to do', async () => {
    const outcome = await addThroughForm('Bad credentials', suite.sandbox.baseUrl, suite.sandbox.baseUrl, 'not the secret')
    expect(outcome.getAttribute('data-error-code')).toBe('unauthorized')
    expect(outcome.getAttribute('data-problem')).toBe('bad_credentials')
    expect(outcome.textContent).toContain('The service refused the client ID or secret (invalid_client)')
    // Said once: the finding is the title, the core's own words folded away under "Technical details".
    const shown = outcome.cloneNode(true) as HTMLElement
    shown.querySelectorAll('details').forEach((d) => d.remove())
    expect(shown.textContent!.match(/refused/g)).toHaveLength(1)
    expect(outcome.querySelector('details summary')?.textContent).toBe('Technical details')
    await removeNamed('Bad credentials')
  })

  it('asks before connecting to a connection whose test just failed, naming why, and connects only if the rep still wants to', async () => {
    const outcome = await addThroughForm('Refused', suite.sandbox.baseUrl, suite.sandbox.baseUrl, 'not the secret')
    expect(outcome.getAttribute('data-problem')).toBe('bad_credentials')
    const id = profileRow('Refused')!.getAttribute('data-profile-id')!
    const inUse = async () => {
      const s = await suite.app.api.connection.status()
      return s.ok ? (s.value.profile?.id ?? null) : 'unknown'
    }
    const before = await inUse()
    const connect = () => [...profileRow('Refused')!.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === 'Connect')!.click()
    // The newest dialog (happy-dom never ends the leave transition of a closed one).
    const dialogs = () => $$('.n-dialog')
    const newest = (text: string) => [...(dialogs().at(-1)?.querySelectorAll<HTMLButtonElement>('button') ?? [])].find((b) => b.textContent?.trim() === text)

    connect()
    const dialog = await waitFor(() => dialogs().at(-1), 'the confirmation')
    expect(dialog.textContent).toContain('Connect to “Refused”?')
    expect(dialog.textContent).toContain('The last test of this connection failed: The service refused the client ID or secret (invalid_client).')
    newest('Cancel')!.click()
    await new Promise((r) => setTimeout(r, 200))
    expect(await inUse()).toBe(before)

    const shown = dialogs().length
    connect()
    await waitFor(() => dialogs().length > shown, 'the confirmation again')
    newest('Connect anyway')!.click()
    await waitFor(async () => (await inUse()) === id, 'connected anyway')
    await removeNamed('Refused')
  })

  it('tells an unreachable host apart: nothing listens at the address', async () => {
    await suite.app.api.connection.save({ name: 'Nowhere', baseUrl: 'http://127.0.0.1:9', clientId: UUID, clientSecret: 'x' })
    await suite.mount({ path: '/settings/connections' })
    const outcome = await testProfile('Nowhere')
    expect(outcome.getAttribute('data-error-code')).toBe('offline')
    expect(outcome.getAttribute('data-problem')).toBe('unreachable')
    expect(outcome.textContent).toContain('The host cannot be reached. Check the address and your network')
    // Which host and why, for support: there, folded away.
    expect(outcome.querySelector('details')?.textContent).toContain('127.0.0.1:9')
    await removeNamed('Nowhere')
  })

  it('tells "not this service" apart: another server with no token endpoint', async () => {
    const other = await startNotServiceServer()
    try {
      const url = other.url
      const outcome = await addThroughForm('Other server', url, `${url}/api/v1`)
      expect(outcome.getAttribute('data-problem')).toBe('not_service')
      // The address it asked, named where the rep reads the finding (not only in the folded details).
      const shown = outcome.cloneNode(true) as HTMLElement
      shown.querySelectorAll('details').forEach((d) => d.remove())
      expect(shown.textContent).toContain(`This address does not answer like the wholesale ordering service: there is no token endpoint at ${url}/api/v1/oauth/create_token. Check the base URL.`)
    } finally {
      await other.close()
      await removeNamed('Other server')
    }
  })

  it('tells a proxy or captive portal apart: a web page answers instead of the API', async () => {
    // A real web server on this machine that answers every request with a page (like a web interface or a login portal).
    const web = await startWebPageServer()
    try {
      const outcome = await addThroughForm('Web page', `${web.url}/api/v1`, `${web.url}/api/v1`, 'x')
      expect(outcome.getAttribute('data-error-code')).toBe('bad_response')
      expect(outcome.getAttribute('data-problem')).toBe('web_page')
      expect(outcome.textContent).toContain('A web page answered instead of the service: a proxy or a network sign-in page')
    } finally {
      await web.close()
      await removeNamed('Web page')
    }
  })

  it('tells a TLS failure apart: a certificate that cannot be verified is never accepted', async () => {
    const tls = await startSelfSignedServer()
    try {
      const url = tls.url
      const outcome = await addThroughForm('Self-signed', url, `${url}/api/v1`, 'x')
      expect(outcome.getAttribute('data-error-code')).toBe('tls')
      expect(outcome.getAttribute('data-problem')).toBe('tls')
      expect(outcome.textContent).toContain('the certificate is not valid for this address')
    } finally {
      await tls.close()
      await removeNamed('Self-signed')
    }
  })

  it('connects with "Connect" and removes a profile after confirmation', async () => {
    const mounted = await suite.mount({ path: '/settings/connections' })
    const row = await waitFor(() => profileRow('Working'), 'the profile')
    row.querySelector<HTMLButtonElement>('button')!.click() // Connect
    await waitFor(() => $('[data-testid=target-banner]')?.getAttribute('data-target') === 'live', 'the live banner')
    await askToRemove('Working')
    await waitFor(() => !profileRow('Working'), 'the profile to go')
    // The active connection went with it: back to the first-run screen.
    await waitFor(() => mounted.router.currentRoute.value.name === 'welcome' || $('[data-testid=target-banner]')?.getAttribute('data-target') === 'none', 'no connection')
  })

  it('asks before deleting drafts not yet sent, and removes the connection with them only once the user agrees', async () => {
    const id = await saveProfile('With drafts')
    await suite.app.api.connection.activate({ id: id })
    await suite.app.api.baskets.create({})
    await suite.app.api.baskets.create({})
    await suite.mount({ path: '/settings/connections' })
    await askToRemove('With drafts')

    const discard = await waitFor(() => dialogButton('Delete and remove'), 'the question about the drafts')
    expect(discard.closest('.n-dialog')!.textContent).toContain('“With drafts” has 2 drafts not yet sent. They will be deleted with the connection.')
    // Nothing is gone until the user agrees.
    expect(profileRow('With drafts')).toBeTruthy()
    expect(((await suite.app.api.baskets.list()) as { ok: true; value: { drafts: unknown[] } }).value.drafts).toHaveLength(2)

    discard.click()
    await waitFor(() => !profileRow('With drafts'), 'the profile to go')
    const left = await suite.app.api.connection.list()
    expect(left.ok && left.value.map((p) => p.id)).not.toContain(id)
  })

  it('asks before removing a connection whose drafts cannot be read, saying so, rather than removing it as if it had none', async () => {
    const id = await saveProfile('Damaged')
    suite.app.profileFiles.damageDrafts(id)
    await suite.mount({ path: '/settings/connections' })
    await askToRemove('Damaged')

    const discard = await waitFor(() => dialogButton('Delete and remove'), 'the question about the drafts')
    expect(discard.closest('.n-dialog')!.textContent).toContain('The drafts of “Damaged” cannot be read. Any not yet sent will be deleted with the connection.')
    expect(profileRow('Damaged')).toBeTruthy()

    discard.click()
    await waitFor(() => !profileRow('Damaged'), 'the profile to go')
    expect(suite.app.profileFiles.exists(id)).toBe(false)
  })

  it('says when a connection\'s drafts are in use rather than calling them unreadable, deletes nothing, and counts them when tried again', async () => {
    const id = await saveProfile('Busy')
    // One draft, its file held locked by another program.
    const lock = suite.app.profileFiles.lockDrafts(id, suite.sandbox.baseUrl)
    await suite.mount({ path: '/settings/connections' })
    await askToRemove('Busy')

    const again = await waitFor(() => dialogButton('Try again'), 'the note that the drafts are in use')
    expect(again.closest('.n-dialog')!.textContent).toContain('The drafts of “Busy” are in use, so they cannot be counted now. Try again in a moment.')
    expect(dialogButton('Delete and remove')).toBeUndefined()
    expect(profileRow('Busy')).toBeTruthy()

    lock.release()
    again.click()
    const discard = await waitFor(() => dialogButton('Delete and remove'), 'the question about the drafts')
    expect(discard.closest('.n-dialog')!.textContent).toContain('“Busy” has a draft not yet sent. It will be deleted with the connection.')
    discard.click()
    await waitFor(() => !profileRow('Busy'), 'the profile to go')
    expect(suite.app.profileFiles.exists(id)).toBe(false)
  })

  it('tells two connections of the same name apart by their service’s address, in the list and in what it asks, and names one alone by its name', async () => {
    const first = await saveProfile('Acme')
    await suite.mount({ path: '/settings/connections' })
    await waitFor(() => profileRow('Acme'), 'the one Acme, by its name alone')
    // The same service under another address: to the app, another service (staging, say).
    const url = new URL(suite.sandbox.baseUrl)
    const otherUrl = suite.sandbox.baseUrl.replace(url.hostname, url.hostname === 'localhost' ? '127.0.0.1' : 'localhost')
    const saved = await suite.app.api.connection.save({ name: 'Acme', baseUrl: otherUrl, clientId: suite.sandbox.demo.clientId, clientSecret: suite.sandbox.demo.clientSecret })
    if (!saved.ok) throw new Error(saved.error.message)
    const here = `Acme (${url.host})`
    const there = `Acme (${new URL(otherUrl).host})`
    // Saved elsewhere (not in this panel): the list follows at once.
    await waitFor(() => profileRow(here) && profileRow(there), 'both, each with its address')
    expect($$('[data-testid=profile] .profile__name').flatMap((n) => (n.textContent?.startsWith('Acme') ? [n.textContent] : []))).toEqual([here, there])

    profileRow(there)!.querySelector<HTMLButtonElement>('[data-testid=edit-profile]')!.click()
    expect((await waitFor(() => $('[data-testid=profile-form] h3'), 'the edit form')).textContent?.trim()).toBe(`Edit ${there}`)
    $<HTMLButtonElement>('[data-testid=profile-form] button:not([data-testid=save-profile])')!.click()

    ;[...profileRow(there)!.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Remove')!.click()
    const dialog = await waitFor(() => $('.n-dialog'), 'the confirmation')
    expect(dialog.textContent).toContain(there)
    ;(await waitFor(() => dialogButton('Remove'), 'its Remove')).click()
    await waitFor(() => !profileRow(there) && profileRow('Acme'), 'the one left, by its name alone again')
    await suite.app.api.connection.remove({ id: first })
  })

  it('says, as a name another connection has is typed, that the app will tell the two apart, and saves it', async () => {
    await saveProfile('Acme')
    await suite.mount({ path: '/settings/connections' })
    // Its own name, on edit: nothing to say.
    ;(await waitFor(() => profileRow('Acme')?.querySelector<HTMLButtonElement>('[data-testid=edit-profile]'), 'Edit')).click()
    await waitFor(() => $('[data-testid=profile-form]'), 'the edit form')
    expect($('[data-testid=same-name]')).toBeNull()
    $<HTMLButtonElement>('[data-testid=profile-form] button:not([data-testid=save-profile])')!.click()

    await openForm()
    type('name', ' acme')
    const note = await waitFor(() => $('[data-testid=same-name]'), 'the note on the name')
    expect(note.textContent?.trim()).toBe('Another connection is already called “Acme”. You can keep the name: wherever the app names the two, it adds what tells them apart (the service’s address or the user).')
    expect(input('name').getAttribute('aria-describedby')).toContain(note.id)
    type('name', 'Acme North')
    await waitFor(() => !$('[data-testid=same-name]'), 'no note for a name of its own')

    type('name', 'Acme')
    await waitFor(() => $('[data-testid=same-name]'), 'the note again')
    const url = new URL(suite.sandbox.baseUrl)
    const otherUrl = suite.sandbox.baseUrl.replace(url.hostname, url.hostname === 'localhost' ? '127.0.0.1' : 'localhost')
    fill({ name: 'Acme', baseUrl: otherUrl, clientId: suite.sandbox.demo.clientId, clientSecret: suite.sandbox.demo.clientSecret })
    save()
    await waitFor(() => profileRow(`Acme (${new URL(otherUrl).host})`) && profileRow(`Acme (${url.host})`), 'both saved, each with its address')
    // Not refused: both are saved.
    const listed = await suite.app.api.connection.list()
    const acmes = listed.ok ? listed.value.filter((p) => p.name === 'Acme') : []
    expect(acmes).toHaveLength(2)
    for (const p of acmes) await suite.app.api.connection.remove({ id: p.id })
  })

  it("names the demo's connection in the rep's language, and in what it says of it", async () => {
    localStorage.setItem('wd.language', 'fr')
    onTestFinished(() => localStorage.removeItem('wd.language'))
    const started = await suite.app.api.connection.startDemo()
    expect(started.ok).toBe(true)
    await suite.mount({ path: '/settings/connections' })
    const row = await waitFor(() => profileRow('Données de démonstration'), 'the demo connection, named in French')
    row.querySelector<HTMLButtonElement>('[data-testid=test-profile]')!.click()
    const result = await waitFor(() => row.querySelector<HTMLElement>('[data-testid=test-result]'), 'the test of the demo connection')
    expect(result.textContent).not.toContain('Demo data')
    expect($$('[data-testid=profile]').map((r) => r.querySelector('.profile__name')?.textContent)).not.toContain('Demo data')
  })
})

/** A machine without an OS keychain (cannot exist here: this suite runs with gnome-keyring). */
const unavailableKeychain: SecretStore = {
  get: async () => {
    throw new AppError('keychain_unavailable', 'No OS keychain service answered.')
  },
  set: async () => {
    throw new AppError('keychain_unavailable', 'No OS keychain service answered.')
  },
  delete: async () => {
    throw new AppError('keychain_unavailable', 'No OS keychain service answered.')
  },
}

describe('connection screen without a keychain', () => {
  const suite = appSuite({ core: { secrets: unavailableKeychain } })

  it('explains why the save failed and loses nothing typed', async () => {
    await suite.mount({ path: '/settings/connections' })
    await openForm()
    const typed = { name: 'Head office', baseUrl: 'https://orders.example.com/api/v1', clientId: UUID, clientSecret: 'the secret' }
    fill(typed)
    save()
    const notice = await waitFor(() => $('[data-testid=profile-form] [data-error-code]'), 'the error')
    expect(notice.getAttribute('data-error-code')).toBe('keychain_unavailable')
    expect(notice.textContent).toContain('The operating system keychain is not available')
    expect(notice.textContent).toContain('No OS keychain service answered.')
    expect({ name: input('name').value, baseUrl: input('baseUrl').value, clientId: input('clientId').value, clientSecret: input('clientSecret').value }).toEqual(typed)
    expect(await suite.app.api.connection.list()).toEqual({ ok: true, value: [] })
  })
})

/** A keychain in memory that the test can lock (as a locked login keyring answers) or empty. */
function lockableKeychain() {
  const held = new Map<string, string>()
  const state = { locked: false }
  const guard = () => {
    if (state.locked) throw new AppError('keychain_unavailable', 'The keychain is locked.')
  }
  const store: SecretStore = {
    get: async (k) => (guard(), held.get(k) ?? null),
    set: async (k, v) => (guard(), void held.set(k, v)),
    delete: async (k) => (guard(), held.delete(k)),
  }
  return { store, state, held }
}

describe('connection screen with a locked or emptied keychain', () => {
  const keychain = lockableKeychain()
  const suite = appSuite({ core: { secrets: keychain.store } })

  it('offers to enter the secret again, opening the edit form on the secret field', async () => {
    const saved = await suite.app.api.connection.save({ name: 'Branch', baseUrl: 'https://orders.example.com/api/v1', clientId: UUID, clientSecret: 'first secret' })
    if (!saved.ok) throw new Error(saved.error.message)
    await suite.mount({ path: '/settings/connections' })
    const reenter = () => profileRow('Branch')?.querySelector<HTMLButtonElement>('[data-testid=reenter-secret]') ?? null
    expect(await waitFor(() => profileRow('Branch'), 'the profile')).toBeTruthy()
    expect(reenter()).toBeNull()

    // Locked: the clear message and the offer.
    keychain.state.locked = true
    expect((await testProfile('Branch')).getAttribute('data-error-code')).toBe('keychain_unavailable')
    const button = await waitFor(reenter, 'the offer to enter the secret again')
    expect(button.textContent?.trim()).toBe('Enter the secret again')
    button.click()
    await waitFor(() => $('[data-testid=profile-form]'), 'the edit form')
    await waitFor(() => document.activeElement === input('clientSecret') || null, 'the secret field focused')
    expect(input('name').value).toBe('Branch')
    expect(reenter()).toBeNull()

    // Unlocked, but the secret is gone from the keychain: the same offer; typing it again restores it.
    keychain.state.locked = false
    $<HTMLButtonElement>('[data-testid=profile-form] button:not([data-testid=save-profile])')?.click()
    keychain.held.clear()
    const gone = await testProfile('Branch')
    expect(gone.textContent).toContain('missing from the OS keychain')
    ;(await waitFor(reenter, 'the offer again')).click()
    await waitFor(() => document.activeElement === input('clientSecret') || null, 'the secret field focused')
    type('clientSecret', 'second secret')
    save()
    await waitFor(() => !$('[data-testid=profile-form]') || null, 'the form to close')
    expect([...keychain.held.values()]).toEqual(['second secret'])
  })
})
