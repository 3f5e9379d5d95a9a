import { AppError } from '../../../shared/model/app-error'

/** Where connection secrets live: the OS keychain in the app, the same keychain in tests. */
export interface SecretStore {
  get(account: string): Promise<string | null>
  set(account: string, secret: string): Promise<void>
  delete(account: string): Promise<boolean>
}

const KEYCHAIN_SERVICE = 'Wholesale Desk'

const LINUX_HINT =
  'No OS keychain service answered. On Linux install and start a Secret Service provider (for example gnome-keyring: `sudo apt install gnome-keyring libsecret-1-0`) and log in again.'

/**
 * The keytar-backed store. keytar is loaded lazily so a missing native module or a missing Secret
 * Service becomes a clear `keychain_unavailable` error instead of a crash at start-up.
 */
export function createKeychainStore(service = KEYCHAIN_SERVICE): SecretStore {
  type Keytar = typeof import('keytar')
  let keytar: Promise<Keytar> | null = null
  const load = () => (keytar ??= import('keytar').then((m) => ((m as { default?: Keytar }).default ?? m) as Keytar))

  async function call<T>(fn: (k: Keytar) => Promise<T>): Promise<T> {
    try {
      return await fn(await load())
    } catch (err) {
      throw new AppError('keychain_unavailable', process.platform === 'linux' ? LINUX_HINT : `The OS keychain could not be used: ${(err as Error).message}`)
    }
  }

  return {
    get: (account) => call((k) => k.getPassword(service, account)),
    set: (account, secret) => call((k) => k.setPassword(service, account, secret)),
    delete: (account) => call((k) => k.deletePassword(service, account)),
  }
}
