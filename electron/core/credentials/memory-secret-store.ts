import type { SecretStore } from './secret-store'

/**
 * A SecretStore in memory, for suites and benchmarks that are not about secrets (the keychain's own
 * tests use the real OS keychain). Never used by the app.
 */
export function memorySecretStore(): SecretStore {
  const secrets = new Map<string, string>()
  return {
    get: async (account) => secrets.get(account) ?? null,
    set: async (account, secret) => void secrets.set(account, secret),
    delete: async (account) => secrets.delete(account),
  }
}
