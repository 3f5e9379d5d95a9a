import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { PERMISSIONS } from './domain/permissions'
import { operations } from './routes'

/** The README's operation table must say exactly what the operation table serves. */
describe('README', () => {
  const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8')
  const table = readme.slice(readme.indexOf('<!-- operations:start -->'), readme.indexOf('<!-- operations:end -->'))

  it('lists every operation with its method, path, permission, success and error statuses', () => {
    const rows = table
      .split('\n')
      .filter((l) => /^\| (GET|POST|PUT) /.test(l))
      .map((l) => l.split('|').map((c) => c.trim()).slice(1, -1))
    const expected = operations.map((o) => [
      o.method,
      `\`${o.path}\``,
      o.operationId,
      o.public ? 'none (public)' : o.permission ? `\`${o.permission}\`` : 'any token',
      String(o.success),
      o.errors.join(', '),
    ])
    expect(rows).toEqual(expected)
  })

  it('counts the operations openapi.json documents as the operation table does', () => {
    const counted = /OpenAPI 3\.1 document of the (\d+) operations/.exec(readme)
    expect(Number(counted?.[1])).toBe(operations.length)
  })

  it('documents every permission', () => {
    for (const p of PERMISSIONS) expect(readme).toContain(`\`${p}\``)
  })
})
