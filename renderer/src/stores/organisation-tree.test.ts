import { describe, expect, it } from 'vitest'
import type { Organisation } from '../../../shared/api'
import { treeOrder } from './organisation-tree'

const org = (id: number, name: string, parent: number | null): Organisation => ({ id, name, parent, linked_account: false, finance_type: 'NONE' })

describe('organisations in their hierarchy', () => {
  it('puts parents before their children, children under their own parent A to Z, with their depth', () => {
    // As the service may list them: children first, siblings unsorted, a parent not among them.
    const listed = [org(5, 'Zeta Retail', 1), org(3, 'Beta Shop', 2), org(1, 'Acme Group', null), org(2, 'Alpha Stores', 1), org(9, 'Orphan Ltd', 77)]
    expect(treeOrder(listed).map(({ org, depth }) => `${'  '.repeat(depth)}${org.name}`)).toEqual(['Acme Group', '  Alpha Stores', '    Beta Shop', '  Zeta Retail', 'Orphan Ltd'])
  })
})
