import { createKeychainStore, type SecretStore } from '../../../electron/core/credentials/secret-store'

/** The keychain service name of every test: the app's own entries are never touched. */
export const TEST_KEYCHAIN_SERVICE = 'Wholesale Desk (tests)'

/**
 * TESTS ONLY — the real OS keychain (Secret Service under CI's D-Bus session) for suites and
 * benchmarks that need somewhere to keep a connection's secret. Profiles have fresh ids, so suites
 * never meet each other's entries.
 */
export function testKeychain(): SecretStore {
  return createKeychainStore(TEST_KEYCHAIN_SERVICE)
}
