import { describe, expect, it } from 'vitest'
import { buildCsp, imageSource, parseCsp } from './csp'

describe('CSP builder', () => {
  const prod = parseCsp(buildCsp())

  it('allows scripts only from the app itself: no inline script, no eval, no remote code', () => {
    expect(prod.get('script-src')).toEqual(["'self'"])
    expect(buildCsp()).not.toMatch(/unsafe-eval|unsafe-hashes|strict-dynamic|\*/)
    expect(prod.get('default-src')).toEqual(["'none'"])
  })

  it('blocks plugins, frames, base-tag hijacks and form posts', () => {
    for (const d of ['object-src', 'frame-src', 'child-src', 'frame-ancestors', 'base-uri', 'form-action']) expect(prod.get(d), d).toEqual(["'none'"])
  })

  it("lets images come from the app, app:, data: and blob: — and from nowhere else by default", () => {
    expect(prod.get('img-src')).toEqual(["'self'", 'app:', 'data:', 'blob:'])
  })

  it('adds the active profile origin and product image hosts to img-src, reduced to their origins', () => {
    const csp = parseCsp(buildCsp({ imageOrigins: ['https://api.example.com/api/v1', 'https://img.example-cdn.com/p/1.jpg', 'https://api.example.com/other'] }))
    expect(csp.get('img-src')).toEqual(["'self'", 'app:', 'data:', 'blob:', 'https://api.example.com', 'https://img.example-cdn.com'])
  })

  it('accepts http only for the embedded demo service on this computer', () => {
    expect(imageSource('http://127.0.0.1:40123/api/v1')).toBe('http://127.0.0.1:40123')
    expect(imageSource('http://localhost:8080/x')).toBe('http://localhost:8080')
    expect(imageSource('http://images.example.com/a.png')).toBeNull()
    expect(imageSource('ftp://example.com/a.png')).toBeNull()
    expect(imageSource('javascript:alert(1)')).toBeNull()
  })

  it('cannot be widened by a hostile image URL (no directive injection)', () => {
    const csp = buildCsp({ imageOrigins: ["https://evil.example; script-src 'unsafe-eval'", 'https://ok.example/a b;c', 'not a url'] })
    expect(parseCsp(csp).get('script-src')).toEqual(["'self'"])
    expect(csp).not.toContain('unsafe-eval')
    expect(csp.split(';').length).toBe(buildCsp().split(';').length)
  })

  it('in development adds only the dev server HMR websocket — still no eval, still no inline script', () => {
    const dev = parseCsp(buildCsp({ devServerUrl: 'http://localhost:5173/' }))
    expect(dev.get('connect-src')).toEqual(["'self'", 'ws://localhost:5173'])
    expect(dev.get('script-src')).toEqual(["'self'"])
    expect(() => buildCsp({ devServerUrl: 'http://192.168.1.20:5173' })).toThrow(/this computer/)
  })
})
