import { describe, expect, it } from 'vitest'
import type { CurrentUser } from '../../../shared/api'
import type { Profile } from '../../../shared/model/connection'
import { coreSuite } from '../../../tests/support/core/core-suite'
import { nameDetails, type ProfileIdentity } from './profile-names'

const suite = coreSuite({ testMode: true, products: 20, orders: 5, speed: 0, tokenTtlSeconds: 36_000 })

const CLIENT_A = '7f1d1e8a-8c83-4c3c-9a7e-2f5b8d0c1a2b'
const CLIENT_B = '0b9e6c52-1d4f-4a7e-8c3b-5e2f9a1d7c40'
const profile = (id: string, name: string, baseUrl: string, more: Partial<ProfileIdentity> = {}): ProfileIdentity => ({ id, name, baseUrl, clientId: CLIENT_A, user: null, organisation: null, ...more })

describe('what tells two profiles of the same name apart', () => {
  it('is nothing while every name is its own', () => {
    const details = nameDetails([profile('a', 'Acme', 'https://acme.example/api/v1'), profile('b', 'Beta', 'https://acme.example/api/v1')])
    expect([...details]).toEqual([
      ['a', null],
      ['b', null],
    ])
  })

  it('is the service’s address for two services, a path the service is deployed under included, whatever the case of the names', () => {
    const details = nameDetails([
      profile('prod', 'Acme', 'https://orders.acme.example/api/v1'),
      profile('stage', ' acme', 'https://staging.acme.example:8443/ordering/api/v1'),
      profile('other', 'Beta', 'https://orders.acme.example/api/v1'),
    ])
    expect(Object.fromEntries(details)).toEqual({ prod: 'orders.acme.example', stage: 'staging.acme.example:8443/ordering', other: null })
  })

  it('is the user for one service with two accounts, and the client id’s start while a user is not known yet', () => {
    const jane = profile('jane', 'Acme', 'https://acme.example/api/v1', { user: 'Jane Roe', clientId: CLIENT_A })
    const john = profile('john', 'Acme', 'https://acme.example/api/v1', { user: 'John Doe', clientId: CLIENT_B })
    expect(Object.fromEntries(nameDetails([jane, john]))).toEqual({ jane: 'Jane Roe', john: 'John Doe' })
    expect(Object.fromEntries(nameDetails([jane, { ...john, user: null }]))).toEqual({ jane: '7f1d1e8a', john: '0b9e6c52' })
  })

  it('is the address, then what tells apart those that share it, for three of one name', () => {
    const details = nameDetails([
      profile('a', 'Acme', 'https://acme.example/api/v1', { user: 'Jane Roe' }),
      profile('b', 'Acme', 'https://acme.example/api/v1', { user: 'John Doe' }),
      profile('c', 'Acme', 'https://staging.acme.example/api/v1', { user: 'Jane Roe' }),
    ])
    expect(Object.fromEntries(details)).toEqual({ a: 'acme.example, Jane Roe', b: 'acme.example, John Doe', c: 'staging.acme.example, Jane Roe' })
  })

  it('is the organisation acted for when one account is saved twice for two organisations', () => {
    const details = nameDetails([
      profile('a', 'Acme', 'https://acme.example/api/v1', { user: 'Jane Roe', organisation: 'Acme North' }),
      profile('b', 'Acme', 'https://acme.example/api/v1', { user: 'Jane Roe', organisation: 'Acme South' }),
    ])
    expect(Object.fromEntries(details)).toEqual({ a: 'Acme North', b: 'Acme South' })
  })
})

describe('profiles of the same name, as the core lists them', () => {
  it('names the user each signs in as once the service said, on one service with two accounts', async () => {
    const t = await suite.start()
    // Another user of the demo user's organisation, and the demo user.
    const a = suite.sandbox.clients.find((c) => c.organisationId === suite.sandbox.demo.organisationId && c.userId !== suite.sandbox.demo.userId)!
    const b = suite.sandbox.demo
    const save = (c: typeof a) => t.call<Profile>('connection.save', { name: 'Acme', baseUrl: suite.sandbox.baseUrl, clientId: c.clientId, clientSecret: c.clientSecret })
    const first = await save(a)
    const second = await save(b)
    const listed = async () => Object.fromEntries((await t.call<Profile[]>('connection.list')).map((p) => [p.id, p.nameDetail]))
    // Never signed in: the client ids the form shows tell them apart meanwhile.
    expect(await listed()).toEqual({ [first.id]: a.clientId.slice(0, 8), [second.id]: b.clientId.slice(0, 8) })

    const users = [await t.call<CurrentUser>('connection.test', { id: first.id }), await t.call<CurrentUser>('connection.test', { id: second.id })]
    expect(users[0]!.name).not.toBe(users[1]!.name)
    expect(await listed()).toEqual({ [first.id]: users[0]!.name, [second.id]: users[1]!.name })
    // The tray and the window hear of it without asking.
    const announced = t.events.filter((e) => e.event === 'connection.profilesChanged').at(-1)?.payload as { profiles: Profile[] }
    expect(announced.profiles.map((p) => p.nameDetail)).toEqual([users[0]!.name, users[1]!.name])

    // Connected, the status says it too.
    const status = await t.call<{ profile: Profile }>('connection.activate', { id: second.id })
    expect(status.profile.nameDetail).toBe(users[1]!.name)
  })
})
