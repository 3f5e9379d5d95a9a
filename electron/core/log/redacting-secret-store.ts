import type { SecretStore } from '../credentials/secret-store'

/**
 * Wraps the keychain store so that every secret the app reads or writes is registered with the
 * logger's redactor: even a secret echoed back in a service error message never reaches the log.
 */
export function redactingSecretStore(store: SecretStore, redact: (secret: string) => void): SecretStore {
  return {
    async get(account) {
      const secret = await store.get(account)
      if (secret !== null) redact(secret)
      return secret
    },
    async set(account, secret) {
      redact(secret)
      await store.set(account, secret)
    },
    delete: (account) => store.delete(account),
  }
}
