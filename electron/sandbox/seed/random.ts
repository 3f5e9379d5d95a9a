/** FNV-1a over the parts: derives independent, reproducible seeds from one master seed. */
export function hashSeed(...parts: (number | string)[]): number {
  let h = 0x811c9dc5
  for (const part of parts) {
    const s = String(part) + '\u0000'
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i)
      h = Math.imul(h, 0x01000193)
    }
  }
  return h >>> 0
}

/** mulberry32: tiny, fast and good enough for test data; the same seed gives the same data. */
export class Random {
  private state: number
  constructor(readonly seed: number) {
    this.state = seed >>> 0
  }

  /** A separate stream, so adding products does not shift users, secrets or orders. */
  fork(label: string | number): Random {
    return new Random(hashSeed(this.seed, label))
  }

  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0)
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T
  }

  /** Money with two decimals in [min, max]. */
  money(min: number, max: number): number {
    return Math.round((min + this.next() * (max - min)) * 100) / 100
  }

  hex(bytes: number): string {
    let out = ''
    for (let i = 0; i < bytes; i++) out += this.int(0, 255).toString(16).padStart(2, '0')
    return out
  }

  /** A version-4-shaped UUID (RFC 9562 layout), reproducible from the seed. */
  uuid(): string {
    const h = this.hex(16).split('')
    h[12] = '4'
    h[16] = '89ab'[parseInt(h[16] as string, 16) & 3] as string
    const s = h.join('')
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`
  }
}
