// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import type { User } from '../../../../shared/api'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $, $$, typeInto, waitFor } from '../../../../tests/support/renderer/mount-app'
import { inLanguage } from '../../../../tests/support/renderer/ui-language'

/**
 * The user form on the real core (this process) and a real sandbox (a child process), reached
 * straight from another user's form, as back and forward (or any link to an address) do.
 */
describe('the user form', () => {
  const demo = demoAppSuite({ sandbox: { products: 50, orders: 0, speed: 0 } })

  async function user(id: number): Promise<User> {
    const r = await demo.app.api.admin.getUser({ id })
    if (!r.ok) throw new Error(r.error.message)
    return r.value
  }
  async function twoUsers(): Promise<[User, User]> {
    const r = await demo.app.api.admin.listUsers({})
    if (!r.ok) throw new Error(r.error.message)
    const a = r.value.items.find((u) => u.name)
    const b = r.value.items.find((u) => u.name && u.name !== a!.name)
    return [await user(a!.id), await user(b!.id)]
  }
  const nameField = () => $<HTMLInputElement>('#uf-name')
  const path = () => demo.mounted.router.currentRoute.value.path

  it('opened from a user’s form, "new user" shows an empty form and Save creates a user', async () => {
    const [someone] = await twoUsers()
    await demo.mount({ path: `/admin/users/${someone.id}/edit` })
    await waitFor(() => nameField()?.value === someone.name, 'the user in the form')

    await demo.mounted.router.push('/admin/users/new')
    await waitFor(() => $('h1')?.textContent === 'New user', 'the new-user title')
    expect(nameField()!.value).toBe('')
    expect($<HTMLInputElement>('#uf-email')!.value).toBe('')

    const email = `new.${Date.now()}@example.com`
    typeInto(nameField()!, 'Nora New')
    typeInto($<HTMLInputElement>('#uf-email')!, email)
    $<HTMLButtonElement>('[data-testid=save-user]')!.click()
    await waitFor(() => /^\/admin\/users\/\d+$/.test(path()), 'the saved user')
    const created = await user(Number(path().split('/').pop()))
    expect(created).toMatchObject({ name: 'Nora New', email_address: email })
    expect(created.id).not.toBe(someone.id)
    expect(await user(someone.id)).toMatchObject({ name: someone.name, email_address: someone.email_address })
  })

  it('in German, an empty new user saved says what is missing in German and puts the focus on the first field marked', async () => {
    inLanguage('de')
    await demo.mount({ path: '/admin/users/new' })
    await waitFor(() => $('h1')?.textContent === 'Neuer Benutzer', 'the new-user form in German')
    typeInto($<HTMLInputElement>('#uf-email')!, 'nora@')
    $<HTMLButtonElement>('[data-testid=save-user]')!.click()
    await waitFor(() => $('#uf-name-error'), 'the name marked')
    expect($('#uf-name-error')!.textContent).toBe('Pflichtangabe')
    expect($('#uf-email-error')!.textContent).toBe('Keine gültige E-Mail-Adresse')
    await waitFor(() => document.activeElement === nameField(), 'the focus on the name')
    expect(demo.mounted.router.currentRoute.value.path).toBe('/admin/users/new')
  })

  it('an empty new-user form shows no generic "Please Input" or "Please Select" in its fields', async () => {
    await demo.mount({ path: '/admin/users/new' })
    await waitFor(() => nameField(), 'the new-user form')
    const shown = [
      ...$$('input, textarea').map((i) => i.getAttribute('placeholder') ?? ''),
      ...$$('.n-base-selection-placeholder').map((p) => p.textContent!.trim()),
    ]
    expect(shown.length).toBeGreaterThan(3)
    expect(shown.filter((text) => /^please (input|select)$/i.test(text))).toEqual([])
  })

  it('opened from one user’s form, another user’s form shows that user, also on going back, and Save edits the user shown', async () => {
    const [first, second] = await twoUsers()
    await demo.mount({ path: `/admin/users/${first.id}/edit` })
    await waitFor(() => nameField()?.value === first.name, 'the first user in the form')

    await demo.mounted.router.push(`/admin/users/${second.id}/edit`)
    await waitFor(() => nameField()?.value === second.name, 'the second user in the form')
    expect($<HTMLInputElement>('#uf-email')!.value).toBe(second.email_address)

    demo.mounted.router.back()
    await waitFor(() => path() === `/admin/users/${first.id}/edit`, 'the first user’s address again')
    await waitFor(() => nameField()?.value === first.name, 'the first user in the form again')

    demo.mounted.router.forward()
    await waitFor(() => nameField()?.value === second.name, 'the second user in the form again')
    typeInto(nameField()!, `${second.name} (renamed)`)
    $<HTMLButtonElement>('[data-testid=save-user]')!.click()
    await waitFor(() => path() === `/admin/users/${second.id}`, 'the saved user')
    expect((await user(second.id)).name).toBe(`${second.name} (renamed)`)
    expect((await user(first.id)).name).toBe(first.name)
  })

  // It said the general 'Der Dienst hat die Eingaben nicht akzeptiert. Prüfen Sie die markierten Felder.', the service's words under 'Technische Details (auf Englisch)'.
  it('in German, a save the service refuses says what happened and what to do, its words on the field it names and quoted under the notice', async () => {
    inLanguage('de')
    const [first, second] = await twoUsers()
    await demo.mount({ path: `/admin/users/${first.id}/edit` })
    await waitFor(() => nameField()?.value === first.name, 'the user in the form')
    // Another user's address: the app cannot know it is taken; the service refuses it (422, on email_address).
    typeInto($<HTMLInputElement>('#uf-email')!, second.email_address)
    $<HTMLButtonElement>('[data-testid=save-user]')!.click()
    const notice = await waitFor(() => $$('[role=alert]').find((n) => n.dataset.errorCode === 'validation'), 'the refusal')
    expect(notice.querySelector('.n-alert__header, .n-alert-body__title')!.textContent!.trim()).toBe(
      'Der Dienst hat einige Eingaben nicht akzeptiert: Korrigieren Sie die markierten Felder und versuchen Sie es erneut.',
    )
    const details = notice.querySelector('details')!
    expect(details.querySelector('summary')!.textContent).toBe('Was der Dienst gesagt hat')
    expect(details.querySelector('[data-testid=service-words]')!.textContent).toBe('The request is not valid')
    expect($('#uf-email-error')!.textContent).toBe('This e-mail address is already in use')
    expect((await user(first.id)).email_address).toBe(first.email_address)
  })
})

describe('a user the app could not fully read', () => {
  const demo = demoAppSuite({ sandbox: { products: 50, orders: 0, speed: 0, testMode: true }, cleanUp: () => demo.sandbox.control.clearFaults() })

  it('opens, names what it could not read, and offers no Save: it is changed in the web interface', async () => {
    const listed = await demo.app.api.admin.listUsers({})
    if (!listed.ok) throw new Error(listed.error.message)
    const someone = listed.value.items.find((u) => u.name)!
    // A timeout a later release allows, and no two-factor flag.
    await demo.sandbox.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: `^/users/${someone.id}$` }, set: { timeout: 900 }, unset: ['two-factor'] })
    await demo.mount({ path: `/admin/users/${someone.id}` })
    const onPage = await waitFor(() => $('[data-testid=not-fully-read]'), 'the notice on the user page')
    expect(onPage.textContent).toContain('The service sent Two-factor authentication, Sign out after inactivity in a form this app does not understand')
    expect($('[data-testid=user-detail] h1')!.textContent).toBe(someone.name)

    await demo.mount({ path: `/admin/users/${someone.id}/edit` })
    const save = await waitFor(() => $<HTMLButtonElement>('[data-testid=save-user]'), 'the form')
    expect(save.disabled).toBe(true)
    expect($('[data-testid=not-fully-read]')!.textContent).toContain('This user cannot be saved from here: change it in the service’s web interface.')
  })
})

describe('a user with a value the app could not read', () => {
  const demo = demoAppSuite({ sandbox: { products: 50, orders: 0, speed: 0, testMode: true }, cleanUp: () => demo.sandbox.control.clearFaults() })

  it('shows that value as not read (a dash), on the page and in the form, not the default the app put in its place', async () => {
    const listed = await demo.app.api.admin.listUsers({})
    if (!listed.ok) throw new Error(listed.error.message)
    const someone = listed.value.items.find((u) => u.name)!
    // A timeout and a language a later release allows, and no two-factor flag.
    await demo.sandbox.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: `^/users/${someone.id}$` }, set: { timeout: 900, user_language: 'pt' }, unset: ['two-factor'] })
    await demo.mount({ path: `/admin/users/${someone.id}` })
    await waitFor(() => $('[data-testid=not-fully-read]'), 'the notice on the user page')
    for (const field of ['user-timeout', 'user-language', 'user-two-factor']) {
      expect($(`[data-testid=${field}]`)!.textContent!.trim(), field).toBe('—not read')
    }
    expect($('[data-testid=user-timeout] [aria-hidden=true]')!.textContent).toBe('—')

    await demo.mount({ path: `/admin/users/${someone.id}/edit` })
    await waitFor(() => $('[data-testid=user-form]'), 'the form')
    const select = (id: string) => $(`#${id}`)!.closest('.n-base-selection')!
    for (const id of ['uf-timeout', 'uf-language']) {
      await waitFor(() => select(id).textContent!.trim() === 'not read', `${id} shown as not read`)
      expect(select(id).textContent, id).not.toMatch(/hour|English/)
    }
    const twoFactor = $$('[role=checkbox]').find((c) => c.textContent?.includes('Two-factor'))!
    expect(twoFactor.getAttribute('aria-checked')).toBe('mixed')
  })
})
