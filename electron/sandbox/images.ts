import type { Hono } from 'hono'
import { problemResponse } from './errors'
import { API_PREFIX, type Env } from './operation'
import type { SandboxState } from './state'

const FILE = /^p([1-9][0-9]{0,9})-(thumb|main|datasheet|guide|quickstart)\.svg$/

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** A stable colour per vendor, so thumbnails of one vendor look alike. */
const hue = (vendor: number | null) => (vendor === null ? 0 : (vendor * 47) % 360)

function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines.slice(0, 4)
}

/** Generated on the fly: a coloured card with the type initials, the name and the SKU. */
export function productSvg(kind: string, p: { name: string; product_code: string; vendor: number | null; type_name: string | null }): string {
  const h = hue(p.vendor)
  const initials = escapeXml(
    (p.type_name ?? 'Product')
      .split(/[\s-]+/)
      .map((w) => w[0])
      .join('')
      .slice(0, 3)
      .toUpperCase(),
  )
  if (kind === 'thumb') {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160"><rect width="160" height="160" rx="16" fill="hsl(${h},55%,42%)"/><text x="80" y="92" font-family="sans-serif" font-size="48" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text><text x="80" y="140" font-family="monospace" font-size="11" fill="#fff" text-anchor="middle">${escapeXml(p.product_code.slice(0, 22))}</text></svg>`
  }
  const title = kind === 'main' ? '' : `<text x="32" y="56" font-family="sans-serif" font-size="18" fill="#fff">${escapeXml(kind[0]!.toUpperCase() + kind.slice(1))}</text>`
  const lines = wrap(p.name, 34)
    .map((l, i) => `<text x="32" y="${300 + i * 34}" font-family="sans-serif" font-size="28" fill="#fff">${escapeXml(l)}</text>`)
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 640 480"><rect width="640" height="480" fill="hsl(${h},55%,38%)"/>${title}<text x="32" y="200" font-family="sans-serif" font-size="120" font-weight="700" fill="hsla(0,0%,100%,.85)">${initials}</text>${lines}<text x="32" y="450" font-family="monospace" font-size="18" fill="#fff">${escapeXml(p.product_code)}</text></svg>`
}

/** GET /images/{file} and GET /api/v1/images/{file}: no token needed (they are embedded as <img>). */
export function registerImages(app: Hono<Env>, state: SandboxState): void {
  const handler = (file: string) => {
    const m = FILE.exec(file)
    const row = m
      ? state.store.get<{ name: string; product_code: string; vendor: number | null; type_name: string | null }>(
          'SELECT p.name, p.product_code, p.vendor, t.name AS type_name FROM products p LEFT JOIN product_types t ON t.id = p.type WHERE p.id = ?',
          Number(m[1]),
        )
      : undefined
    if (!m || !row) return problemResponse(404, 'No such image')
    const svg = productSvg(m[2]!, row)
    return new Response(svg, {
      headers: { 'Content-Type': 'image/svg+xml', 'Content-Length': String(Buffer.byteLength(svg)), 'Cache-Control': 'public, max-age=86400' },
    })
  }
  app.get('/images/:file', (c) => handler(c.req.param('file')))
  app.get(`${API_PREFIX}/images/:file`, (c) => handler(c.req.param('file')))
}
