import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { CurrentUser, Organisation } from '../../../shared/api'
import { isSignedOut, type ActingReassignment, type ConnectionStatus, type Profile, type ProfileInput } from '../../../shared/ipc/channels/connection'
import { api, toApiError, type ApiError } from '../services/api'

/**
 * The connection as the frame shows it: the active profile (demo or live, which host), the
 * current user, the acting organisation, the online state, and the saved profiles. Kept in step
 * with the core through `connection.changed`, `connection.profilesChanged` and `system.online`.
 *
 * Actions throw ApiError; the view that started one shows it (`<ErrorNotice :error>`). Errors
 * of the frame's own loading are kept in `error` for the frame to show.
 */
export const useConnectionStore = defineStore('connection', () => {
  const status = ref<ConnectionStatus | null>(null)
  const profiles = ref<Profile[]>([])
  const organisations = ref<Organisation[]>([])
  const organisationsLoading = ref(false)
  /** The last failure to load the organisations (the organisation switcher shows it), until a load succeeds. */
  const organisationsError = shallowRef<ApiError | null>(null)
  /** The request under way and whose organisations it asked for (callers for others do not share it). */
  let organisationsPending: { owner: string | null; request: Promise<Organisation[]> } | null = null
  const ready = ref(false)
  /** Currencies the service's prices named (rate_plan_charge_costs[].currency): money's code when whoami gives none. */
  const priceCurrencies = ref<string[]>([])
  const error = shallowRef<ApiError | null>(null)
  let unsubscribe: (() => void)[] = []

  const profile = computed(() => status.value?.profile ?? null)
  const user = computed<CurrentUser | null>(() => status.value?.user ?? null)
  const actingOrganisation = computed(() => status.value?.actingOrganisation ?? null)
  const online = computed(() => status.value?.online ?? false)
  /** Whether the service takes the active profile's credentials (see CredentialsState). */
  const credentials = computed(() => status.value?.credentials ?? 'unchecked')
  /**
   * The active profile is signed out: the service refused its credentials, or the keychain lost its
   * secret. The service may well be reachable; nothing of the account can be read or sent.
   */
  const signedOut = computed(() => !!profile.value && isSignedOut(credentials.value))
  /** The last "Test connection" of a profile, in this run, when it failed: connecting to it asks first. */
  const testFailures = shallowRef<Record<string, ApiError>>({})
  /** The app acts for another organisation without the user choosing; null once the user saw it. */
  const reassigned = computed(() => status.value?.reassigned ?? null)
  const isDemo = computed(() => profile.value?.demo ?? false)
  /** Demo, staging or production: what an order placed now would be (none when no profile is active). */
  const environment = computed(() => profile.value?.environment ?? null)
  const host = computed(() => hostOf(profile.value?.baseUrl))
  /** Whose organisations are shown: another profile, or the same one edited to another account, has others. */
  const account = computed(() => accountOf(profile.value))
  /** Whose organisation tree is shown: the account's, and within it the user's organisation (an administrator may move the user). */
  const organisationsOwner = computed(() => ownerOf(status.value))

  /** Keeps `next` unless a newer status has already arrived (a reply can be read after a later event). */
  function applyStatus(next: ConnectionStatus): void {
    if (status.value && next.revision < status.value.revision) return
    const accountChanged = accountOf(next.profile) !== account.value
    const ownerChanged = ownerOf(next) !== organisationsOwner.value
    status.value = next
    // The service took the active profile's credentials: a test that failed before no longer speaks for it.
    if (next.profile && next.credentials === 'accepted') forgetTestFailure(next.profile.id)
    if (accountChanged) priceCurrencies.value = []
    if (ownerChanged) {
      organisations.value = []
      organisationsError.value = null
    }
    if (accountChanged) void refreshProfiles().catch((err) => (error.value = toApiError(err)))
  }

  /** Loads the state and follows the core's events; safe to call more than once. */
  async function init(): Promise<void> {
    if (!unsubscribe.length) {
      unsubscribe = [
        api.on('connection.changed', (s) => applyStatus(s)),
        // Another profile saved with the same name changes how each is named (Profile.nameDetail).
        api.on('connection.profilesChanged', ({ profiles: list }) => (profiles.value = list)),
        api.on('system.online', ({ online: isOnline }) => {
          if (status.value && status.value.online !== isOnline) status.value = { ...status.value, online: isOnline }
        }),
      ]
    }
    try {
      const [s, list] = await Promise.all([api.connection.status(), api.connection.list()])
      if (!status.value || s.revision >= status.value.revision) status.value = s
      profiles.value = list
      error.value = null
    } catch (err) {
      error.value = toApiError(err)
    } finally {
      ready.value = true
    }
  }

  function dispose(): void {
    for (const off of unsubscribe) off()
    unsubscribe = []
  }

  async function refreshProfiles(): Promise<void> {
    profiles.value = await api.connection.list()
  }

  async function save(input: ProfileInput): Promise<Profile> {
    const saved = await api.connection.save(input)
    // Changed credentials are not the ones that failed (the panel tests them again at once).
    forgetTestFailure(saved.id)
    await refreshProfiles()
    return saved
  }

  function forgetTestFailure(id: string): void {
    if (!(id in testFailures.value)) return
    const { [id]: _gone, ...rest } = testFailures.value
    testFailures.value = rest
  }

  /** Refused (conflict, field unsentDrafts) while the profile has drafts not yet sent, unless discardDrafts. */
  async function remove(id: string, opts: { discardDrafts?: boolean } = {}): Promise<void> {
    await api.connection.remove({ id, ...opts })
    await refreshProfiles()
    // Removing the active profile ends the session; the core's event may not have arrived yet.
    if (status.value?.profile?.id === id) applyStatus(await api.connection.status())
  }

  async function activate(id: string): Promise<void> {
    applyStatus(await api.connection.activate({ id }))
  }

  /** Ends the active session; the connection stays saved, and Connect signs in again. */
  async function signOut(): Promise<void> {
    applyStatus(await api.connection.signOut())
  }

  async function startDemo(): Promise<void> {
    applyStatus(await api.connection.startDemo())
  }

  /** "Test connection"; a failure is also kept in testFailures (until a test passes or the profile is saved). */
  async function test(id: string): Promise<CurrentUser> {
    try {
      const user = await api.connection.test({ id })
      forgetTestFailure(id)
      return user
    } catch (err) {
      testFailures.value = { ...testFailures.value, [id]: toApiError(err) }
      throw err
    }
  }

  /** The rep confirmed the first real order of a production profile on this computer. */
  async function confirmProduction(id: string): Promise<void> {
    await api.connection.confirmProduction({ id })
    applyStatus(await api.connection.status())
    await refreshProfiles()
  }

  /**
   * Callers at the same moment for the same account and user's organisation share one request; a
   * failure is kept in organisationsError and thrown. An answer that arrives once another profile
   * or account is active, or the user is in another organisation, is not kept: it is the old one's
   * list (or failure).
   */
  function loadOrganisations(): Promise<Organisation[]> {
    const asked = organisationsOwner.value
    if (organisationsPending?.owner === asked) return organisationsPending.request
    const stillActive = () => organisationsOwner.value === asked
    organisationsLoading.value = true
    const request: Promise<Organisation[]> = api.connection
      .organisations()
      .then(
        (list) => {
          if (stillActive()) {
            organisations.value = list
            organisationsError.value = null
          }
          return list
        },
        (err: unknown) => {
          if (stillActive()) organisationsError.value = toApiError(err)
          throw err
        },
      )
      .finally(() => {
        // A newer request (for the profile now active) keeps its own loading state.
        if (organisationsPending?.request === request) {
          organisationsPending = null
          organisationsLoading.value = false
        }
      })
    organisationsPending = { owner: asked, request }
    return request
  }

  async function setActingOrganisation(id: number): Promise<void> {
    applyStatus(await api.connection.setActingOrganisation({ id }))
  }

  /** Prices the service returned name these currencies (see moneyCurrency). */
  function notePriceCurrencies(codes: readonly string[]): void {
    const fresh = codes.filter((c) => c && !priceCurrencies.value.includes(c))
    if (fresh.length) priceCurrencies.value = [...priceCurrencies.value, ...new Set(fresh)]
  }

  /** The user saw this reassignment: the core stops carrying it (a newer one stays). */
  async function ackReassigned(seen: ActingReassignment): Promise<void> {
    applyStatus(await api.connection.ackReassigned({ from: seen.from.id, to: seen.to.id }))
  }

  return {
    status,
    profiles,
    organisations,
    organisationsLoading,
    organisationsError,
    ready,
    error,
    profile,
    user,
    actingOrganisation,
    online,
    credentials,
    signedOut,
    testFailures,
    reassigned,
    isDemo,
    environment,
    host,
    account,
    init,
    dispose,
    refreshProfiles,
    save,
    remove,
    activate,
    signOut,
    startDemo,
    test,
    confirmProduction,
    loadOrganisations,
    setActingOrganisation,
    ackReassigned,
    priceCurrencies,
    notePriceCurrencies,
  }
})

/** A profile and the account it connects as (the service and the API client); null for none. */
function accountOf(p: Profile | null | undefined): string | null {
  return p ? JSON.stringify([p.id, p.baseUrl, p.clientId]) : null
}

/** An account and the organisation its user is in (null while the user is not known yet). */
function ownerOf(s: ConnectionStatus | null): string | null {
  const a = accountOf(s?.profile)
  return a === null ? null : JSON.stringify([a, s?.user?.organisation ?? null])
}

/** 'https://orders.example.com/api/v1' → 'orders.example.com' (with the port when there is one). */
function hostOf(baseUrl: string | null | undefined): string {
  if (!baseUrl) return ''
  try {
    return new URL(baseUrl).host
  } catch {
    return baseUrl
  }
}
