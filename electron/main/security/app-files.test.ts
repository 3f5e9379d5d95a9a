import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentTypeOf, resolveRendererFile } from './app-files'

describe('app: protocol path check', () => {
  let root: string
  let renderer: string
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'wd-appfiles-'))
    renderer = join(root, 'renderer')
    mkdirSync(join(renderer, 'assets'), { recursive: true })
    writeFileSync(join(renderer, 'index.html'), '<!doctype html>')
    writeFileSync(join(renderer, 'assets', 'index-abc.js'), 'export {}')
    writeFileSync(join(root, 'secret.txt'), 'outside the renderer')
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  const at = (path: string) => resolveRendererFile(renderer, `app://wholesale-desk${path}`)

  it('serves files inside the renderer folder', () => {
    expect(at('/index.html')).toBe(join(renderer, 'index.html'))
    expect(at('/assets/index-abc.js')).toBe(join(renderer, 'assets', 'index-abc.js'))
    expect(at('/assets/with%20space.css')).toBe(join(renderer, 'assets', 'with space.css'))
  })

  it('answers client-side routes with index.html', () => {
    expect(at('/')).toBe(join(renderer, 'index.html'))
    expect(at('/orders/42')).toBe(join(renderer, 'index.html'))
  })

  it.each([
    ['an encoded slash with dot-dot', '/assets%2f..%2f..%2fsecret.txt'],
    ['backslashes', '/..%5Csecret.txt'],
    ['encoded backslash traversal', '/assets%5C..%5C..%5Csecret.txt'],
    ['a NUL byte', '/index.html%00.png'],
    ['a drive letter', '/C:/Windows/win.ini'],
    ['a malformed escape', '/%E0%A4%A'],
  ])('refuses %s outright', (_why, path) => {
    expect(at(path)).toBeNull()
  })

  it.each([
    ['dot-dot', '/../secret.txt', 'secret.txt'],
    ['encoded dot-dot', '/%2e%2e/%2E%2E/secret.txt', 'secret.txt'],
    ['double-encoded dot-dot (a literal folder name after one decode)', '/%252e%252e/secret.txt', '%2e%2e/secret.txt'],
    ['an encoded dot segment', '/assets/%2e/index-abc.js', 'assets/index-abc.js'],
  ])('keeps %s inside the renderer folder (the URL parser folds it first)', (_why, path, inside) => {
    expect(at(path)).toBe(join(renderer, inside))
    expect(at(path)).not.toBe(join(root, 'secret.txt'))
  })

  it('refuses other hosts and other schemes', () => {
    expect(resolveRendererFile(renderer, 'app://other-host/index.html')).toBeNull()
    expect(resolveRendererFile(renderer, 'not a url')).toBeNull()
  })

  it('names the content type of what it serves', () => {
    expect(contentTypeOf('x/index.html')).toBe('text/html; charset=utf-8')
    expect(contentTypeOf('x/a.JS')).toBe('text/javascript; charset=utf-8')
    expect(contentTypeOf('x/a.woff2')).toBe('font/woff2')
    expect(contentTypeOf('x/a.exe')).toBe('application/octet-stream')
  })
})
