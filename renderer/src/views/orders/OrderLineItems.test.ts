// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { createPinia } from 'pinia'
import { afterEach, describe, expect, it } from 'vitest'
import type { LineItem } from '../../../../shared/api'
import { createTestI18n } from '../../../../tests/support/renderer/every-language'
import OrderLineItems from './OrderLineItems.vue'

const mounted: { unmount(): void }[] = []
afterEach(() => mounted.splice(0).forEach((w) => w.unmount()))

/** What a sighted user sees of an element: its text without the words kept for screen readers. */
const seen = (el: Element) => without(el, '.visually-hidden')
/** What a screen reader reads of it: its text without what is hidden from it. */
const heard = (el: Element) => without(el, '[aria-hidden=true]')
function without(el: Element, selector: string): string {
  const copy = el.cloneNode(true) as Element
  copy.querySelectorAll(selector).forEach((n) => n.remove())
  return copy.textContent!.replace(/[ \t\n]+/g, ' ').trim() // the template's line breaks, not the narrow no-break spaces
}

describe('an order’s lines', () => {
  // A partner platform, subscription or approval the service did not give read out as 'en dash', or as nothing.
  it('writes a dash for an id the service did not give inside a line’s facts, which a screen reader reads as not given', () => {
    const base = { product: 7, quantity: 1, price: 10, sub_total_for_item: 10 }
    const lines = [
      { ...base, id: 1, name: 'Firewall', prov_product: 3, prov_product_name: 'Cloud console', prov_organisation: 41, prov_group: null, prov_site: null },
      { ...base, id: 2, name: 'Storage', storage_order: { team_name: 'acme', admin_email: 'it@acme.test', subscription_id: null } },
      { ...base, id: 3, name: 'Backup', backup_order: { tenant_name: 'acme', admin_email: 'it@acme.test' } },
      { ...base, id: 4, name: 'Meeting', meeting_order: { end_user_name: 'Ann Lee', end_user_company: 'Acme', end_user_email: 'ann@acme.test', deal_registration_id: 'D-1' } },
    ] as unknown as LineItem[]
    const w = mount(OrderLineItems, { props: { items: lines }, global: { plugins: [createTestI18n('fr'), createPinia()] } })
    mounted.push(w)
    const facts = w.findAll('.lines__facts dd').map((dd) => dd.element)
    expect(facts.map(seen)).toEqual([
      'Cloud console — plateforme partenaire : organisation 41, groupe –, site –',
      'Équipe acme, administrateur it@acme.test, abonnement –',
      'Locataire acme, administrateur it@acme.test, abonnement –',
      'Ann Lee, Acme, ann@acme.test · enregistrement d’affaire D-1 (approbation –)',
    ])
    expect(facts.map(heard)).toEqual([
      'Cloud console — plateforme partenaire : organisation 41, groupe Non renseigné, site Non renseigné',
      'Équipe acme, administrateur it@acme.test, abonnement Non renseigné',
      'Locataire acme, administrateur it@acme.test, abonnement Non renseigné',
      'Ann Lee, Acme, ann@acme.test · enregistrement d’affaire D-1 (approbation Non renseigné)',
    ])
  })
})
