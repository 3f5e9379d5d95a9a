import { describe, expect, it } from 'vitest'
import { isSafeExternalUrl, openExternalSafely } from './external-links'

describe('shell.openExternal allow-list', () => {
  it.each(['https://example.com', 'https://docs.example.com/guide?x=1#part', 'https://xn--bcher-kva.example/'])('opens %s', (url) => {
    expect(isSafeExternalUrl(url)).toBe(true)
  })

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['file:', 'file:///etc/passwd'],
    ['file: UNC', 'file://server/share/x.exe'],
    ['http:', 'http://example.com'],
    ['credentials in the URL', 'https://user:pass@example.com/'],
    ['a user name alone', 'https://user@example.com/'],
    ['custom handlers', 'ms-msdt:/id PCWDiagnostic'],
    ['smb shares', 'smb://server/share'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['whitespace smuggling', 'https://example.com/\nfile:///etc/passwd'],
    ['leading spaces', '  https://example.com'],
    ['tab inside the scheme', 'ht\ttps://example.com'],
    ['not a URL', 'example.com'],
    ['empty', ''],
    ['very long', `https://example.com/${'a'.repeat(3000)}`],
  ])('refuses %s', (_why, url) => {
    expect(isSafeExternalUrl(url)).toBe(false)
  })

  it('refuses values that are not strings', () => {
    for (const v of [null, undefined, 42, {}, ['https://example.com'], { toString: () => 'https://example.com' }]) expect(isSafeExternalUrl(v)).toBe(false)
  })

  it('hands only allowed, normalised URLs to the opener and reports what happened', async () => {
    const opened: string[] = []
    const open = async (u: string) => void opened.push(u)
    expect(await openExternalSafely('https://Example.com/a b', open)).toBe(false)
    expect(await openExternalSafely('https://Example.com/path', open)).toBe(true)
    expect(await openExternalSafely('file:///etc/passwd', open)).toBe(false)
    expect(opened).toEqual(['https://example.com/path'])
    expect(await openExternalSafely('https://example.com', async () => Promise.reject(new Error('no browser')))).toBe(false)
  })
})
