import { extname, isAbsolute, relative, resolve, sep } from 'node:path'
import { APP_HOST } from './app-origin'

/**
 * Maps an `app://wholesale-desk/…` request to a file inside the renderer folder, or null. The path
 * is decoded once and must stay inside the folder: `..`, encoded `%2e%2e`, backslashes, NUL bytes and
 * drive letters are refused rather than normalised. Paths without an extension are client-side
 * routes and get index.html.
 */
export function resolveRendererFile(rendererDir: string, requestUrl: string): string | null {
  let u: URL
  try {
    u = new URL(requestUrl)
  } catch {
    return null
  }
  if (u.host !== APP_HOST) return null
  let path: string
  try {
    path = decodeURIComponent(u.pathname)
  } catch {
    return null
  }
  if (path.includes('\0') || path.includes('\\') || /(^|\/)[a-zA-Z]:/.test(path)) return null
  const segments = path.split('/').filter((s) => s.length > 0)
  if (segments.some((s) => s === '..' || s === '.')) return null
  const last = segments.at(-1)
  if (!last || !extname(last)) segments.splice(0, segments.length, 'index.html')
  const root = resolve(rendererDir)
  const file = resolve(root, ...segments)
  const rel = relative(root, file)
  if (!rel || rel.startsWith('..') || isAbsolute(rel) || rel.split(sep).includes('..')) return null
  return file
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
}

/** The Content-Type for a renderer file; unknown kinds are served as opaque bytes (and nosniff keeps them so). */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream'
}
