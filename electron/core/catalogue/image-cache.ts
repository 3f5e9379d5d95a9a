import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { request } from 'undici'
import { AppError } from '../../../shared/model/app-error'
import { isHttpsOrLoopback } from '../../../shared/loopback'

const TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
}
const MIME_OF = Object.fromEntries(Object.entries(TYPES).map(([mime, ext]) => [ext, mime]))
const MAX_BYTES = 5 * 1024 * 1024

/**
 * Product images cached on disk (`<profileDir>/images`) so the catalogue shows them offline. Files
 * are named by product, kind and a hash of the URL, so a changed image URL fetches the new image.
 * Served as data: URLs: they work in Electron and in the browser harness alike.
 */
export class ImageCache {
  private index: Promise<Map<string, string>> | null = null
  private inFlight = new Map<string, Promise<string>>()

  constructor(
    private readonly dir: string,
    private readonly timeoutMs = 15_000,
    /** Asked before an image is fetched (stored ones are still shown): throws while the app works offline. */
    private readonly assertNetwork: () => void = () => {},
  ) {}

  async dataUrl(productId: number, kind: string, url: string): Promise<string> {
    const key = `${productId}-${kind}-${createHash('sha256').update(url).digest('hex').slice(0, 16)}`
    const index = await this.loadIndex()
    const file = index.get(key)
    if (file) {
      const ext = file.slice(file.lastIndexOf('.') + 1)
      const bytes = await readFile(join(this.dir, file)).catch(() => null)
      if (bytes) return toDataUrl(MIME_OF[ext] ?? 'application/octet-stream', bytes)
      index.delete(key)
    }
    let pending = this.inFlight.get(key)
    if (!pending) {
      pending = this.fetchAndStore(key, url).finally(() => this.inFlight.delete(key))
      this.inFlight.set(key, pending)
    }
    return pending
  }

  private async fetchAndStore(key: string, url: string): Promise<string> {
    const target = checkedUrl(url)
    this.assertNetwork()
    let res: Awaited<ReturnType<typeof request>>
    try {
      res = await request(target, { method: 'GET', headers: { accept: Object.keys(TYPES).join(', ') }, signal: AbortSignal.timeout(this.timeoutMs) })
    } catch {
      throw new AppError('offline', 'This image is not stored on this computer yet and its server cannot be reached.')
    }
    const mime = String(res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
    const declared = Number(res.headers['content-length'] ?? 0)
    if (res.statusCode !== 200 || !TYPES[mime] || declared > MAX_BYTES) {
      await res.body.dump()
      throw new AppError('bad_response', `The image could not be loaded (status ${res.statusCode}${TYPES[mime] ? '' : `, ${mime || 'no type'}`}).`)
    }
    const bytes = Buffer.from(await res.body.arrayBuffer())
    if (bytes.length > MAX_BYTES) throw new AppError('bad_response', 'The image is too large to show.')
    const file = `${key}.${TYPES[mime]}`
    await mkdir(this.dir, { recursive: true })
    // Written under a temporary name first: a crash never leaves half an image under the real name.
    const tmp = join(this.dir, `.${file}.tmp`)
    await writeFile(tmp, bytes)
    await rename(tmp, join(this.dir, file))
    ;(await this.loadIndex()).set(key, file)
    return toDataUrl(mime, bytes)
  }

  private loadIndex(): Promise<Map<string, string>> {
    return (this.index ??= readdir(this.dir)
      .catch(() => [] as string[])
      .then((names) => new Map(names.filter((n) => !n.startsWith('.')).map((n) => [n.slice(0, n.lastIndexOf('.')), n]))))
  }
}

function toDataUrl(mime: string, bytes: Buffer): string {
  return `data:${mime};base64,${bytes.toString('base64')}`
}

/** Images come from the service's data: HTTPS only, except on this computer (as the service itself). */
function checkedUrl(url: string): string {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    throw new AppError('bad_response', 'The product has an image address that is not a valid URL.')
  }
  if (isHttpsOrLoopback(u)) return u.toString()
  throw new AppError('bad_response', 'The product image is not served over HTTPS, so it is not loaded.')
}
