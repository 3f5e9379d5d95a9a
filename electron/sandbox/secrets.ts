import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto'

/**
 * API client secrets are kept only as a scrypt hash. Seeded secrets use modest cost parameters so
 * seeding stays fast; successful verifications are remembered (keyed by a fast hash of
 * client, secret and stored hash) so the token endpoint is quick after the first call.
 */
// N=256, r=8: under a millisecond per hash (a 256 kB working set), so seeding dozens of clients is instant.
const SEED_COST = { N: 256, r: 8, p: 1 }
const KEY_LENGTH = 32

export function hashSecret(secret: string, cost = SEED_COST): string {
  const salt = randomBytes(16)
  const hash = scryptSync(secret, salt, KEY_LENGTH, cost)
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64')}$${hash.toString('base64')}`
}

export function verifySecret(secret: string, stored: string): boolean {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const actual = scryptSync(secret, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) })
  return timingSafeEqual(actual, expected)
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

export class SecretVerifier {
  private readonly verified = new Set<string>()

  verify(clientId: string, secret: string, stored: string): boolean {
    const key = sha256(`${clientId}\u0000${secret}\u0000${stored}`)
    if (this.verified.has(key)) return true
    if (!verifySecret(secret, stored)) return false
    this.verified.add(key)
    return true
  }
}
