import type { Page } from 'playwright-core'
import { scan } from './support/scanner'
import { openPickerForUnknownSku } from './support/drafts'

/**
 * Every view the accessibility check visits, connected to the demo sandbox. To add yours, append an
 * entry: the hash path, a selector that only the view's loaded content matches (never its frame,
 * heading or error notice: a view that failed to load must not pass for ready), and, if the view only
 * shows its interesting parts after a click, a `prepare` step that waits for that content likewise.
 * A view showing an error notice (ERROR_SHOWN) fails the check, unless `prepare` provoked it on
 * purpose and `refused` names its code.
 */
export interface ViewCheck {
  name: string
  path: string
  ready: string
  prepare?: (page: Page) => Promise<void>
  /** The error code of the notice `prepare` provokes (a refused form), if it provokes one. */
  refused?: string
}

/** How every view shows a failure (components/ErrorNotice.vue). Field errors are not failures. */
export const ERROR_SHOWN = '.error-notice'

export const CONNECTED_VIEWS: ViewCheck[] = [
  // frame + settings
  { name: 'settings: connections', path: '/settings/connections', ready: '[data-testid=profile]' },
  {
    name: 'settings: connection test result',
    path: '/settings/connections',
    ready: '[data-testid=profile]',
    prepare: async (page) => {
      await page.click('[data-testid=test-profile]')
      await page.waitForSelector('[data-testid=test-result]')
    },
  },
  {
    name: 'settings: new connection form with errors',
    path: '/settings/connections',
    ready: '[data-testid=add-profile]',
    prepare: async (page) => {
      await page.click('[data-testid=add-profile]')
      await page.click('[data-testid=save-profile]')
      await page.waitForSelector('[data-field-error]')
    },
  },
  { name: 'settings: display', path: '/settings/display', ready: '[data-testid=format-example]' },
  { name: 'settings: support', path: '/settings/support', ready: '[data-testid=diagnostics-settings]' },
  { name: 'page not found', path: '/no-such-page', ready: 'h1:text-is("Page not found")' },
  // catalogue
  { name: 'catalogue: search results', path: '/catalogue', ready: '[data-testid=result-row]' },
  {
    name: 'catalogue: a scanned SKU that two vendors share',
    path: '/catalogue',
    ready: '[data-testid=result-row]',
    prepare: async (page) => {
      await page.click('[data-testid=catalogue-search]')
      await scan(page, 'AMB-100')
      await page.waitForSelector('[data-testid=scan-choices]')
    },
  },
  { name: 'catalogue: product detail (hardware, related products)', path: '/catalogue/products/5', ready: '[data-testid=product-name]' },
  { name: 'catalogue: product detail (subscription, rate plans)', path: '/catalogue/products/9', ready: '[data-testid=rate-plans]' },
  {
    name: 'catalogue: quick lookup palette open',
    path: '/catalogue',
    ready: '[data-testid=result-row]',
    prepare: async (page) => {
      await page.keyboard.press('Control+k')
      await page.waitForSelector('[data-testid=quick-lookup-input]')
      await page.keyboard.type('switch', { delay: 20 })
      await page.waitForSelector('[data-testid=quick-lookup-option]')
      await page.keyboard.press('ArrowDown')
    },
  },
  { name: 'catalogue: product groups', path: '/catalogue/groups', ready: '[data-testid=product-groups]' },
  {
    name: 'catalogue: product group',
    path: '/catalogue/groups',
    ready: '[data-testid=product-groups]',
    prepare: async (page) => {
      await page.click('[data-testid=product-group-row] a')
      await page.waitForSelector('[data-testid=product-group-page] h1')
    },
  },
  { name: 'catalogue: quick reorder', path: '/catalogue/quick', ready: '[data-testid=template-save]' },
  // baskets
  {
    name: 'baskets',
    path: '/baskets',
    // Both lists loaded: the drafts and the service's baskets (each a table or its empty note).
    ready:
      '[data-testid=baskets-page]:has(#drafts-heading ~ :is([data-testid=draft-list], .baskets__empty)):has(#server-heading ~ :is([data-testid=server-list], .baskets__empty))',
  },
  {
    name: 'baskets: draft editor with field errors',
    path: '/baskets',
    ready: '[data-testid=new-draft]',
    refused: 'invalid_input',
    prepare: async (page) => {
      await page.click('[data-testid=new-draft]')
      await page.waitForSelector('[data-testid=draft-editor]')
      await page.fill('[data-testid=sku-input]', 'NO-SUCH-SKU')
      await page.press('[data-testid=sku-input]', 'Enter')
      await page.click('[data-testid=payment-finance]')
      await page.click('[data-testid=submit-draft]')
      await page.waitForSelector('[data-field-error]')
    },
  },
  {
    name: 'baskets: paste import preview',
    path: '/baskets',
    ready: '[data-testid=new-draft]',
    prepare: async (page) => {
      await page.click('[data-testid=new-draft]')
      await page.click('[data-testid=open-import]')
      // A row of each kind: unknown, unreadable, and a quantity read from comma-separated fields ("2,000", said in muted text).
      await page.fill('[data-testid=import-text]', 'NO-SUCH-SKU\t2\nBAD LINE;x\nSW-24P-POE,2,000')
      await page.click('[data-testid=import-preview]')
      await page.waitForSelector('[data-testid=import-preview-table]')
    },
  },
  {
    name: 'baskets: choosing the product of a line without one',
    path: '/baskets',
    ready: '[data-testid=new-draft]',
    prepare: async (page) => {
      await page.click('[data-testid=new-draft]')
      await openPickerForUnknownSku(page, 'AMB-100-OLD')
      await page.fill('[data-testid=product-picker-input]', 'rack mount')
      await page.waitForSelector('[data-testid=product-picker-option]')
    },
  },
  // orders
  { name: 'orders: list', path: '/orders', ready: '[data-testid=order-row]' },
  {
    name: 'orders: alert preferences and a refused filter',
    path: '/orders',
    ready: '[data-testid=order-row]',
    prepare: async (page) => {
      await page.click('text=Desktop alerts')
      await page.waitForSelector('[data-testid=alert-prefs]')
      // Dates are typed as the field asks: its placeholder spells the order out in letters (dd/mm/yyyy in English).
      await page.click('[data-testid=more-filters]')
      const pattern = (await page.getAttribute('#of-start', 'placeholder')) ?? 'yyyy-mm-dd'
      const written = (iso: string) => pattern.replace('yyyy', iso.slice(0, 4)).replace('mm', iso.slice(5, 7)).replace('dd', iso.slice(8, 10))
      await page.fill('#of-start', written('2025-06-01'))
      await page.press('#of-start', 'Tab')
      await page.fill('#of-end', written('2025-01-01'))
      await page.press('#of-end', 'Tab')
      await page.click('[data-testid=apply-filters]')
      await page.waitForSelector('[data-field-error=end_date]')
    },
  },
  {
    name: 'orders: detail',
    path: '/orders',
    ready: '[data-testid=order-row]',
    prepare: async (page) => {
      await page.click('[data-testid=order-row] a')
      await page.waitForSelector('[data-testid=order-status]')
    },
  },
  // admin
  { name: 'administration: users', path: '/admin/users', ready: '[data-testid=user-row]' },
  {
    name: 'administration: user detail',
    path: '/admin/users',
    ready: '[data-testid=user-row]',
    prepare: async (page) => {
      await page.click('[data-testid=user-row] a')
      await page.waitForSelector('[data-testid=user-detail] [data-testid=user-organisation]')
    },
  },
  {
    name: 'administration: user moved to another organisation (what is lost)',
    path: '/admin/users',
    ready: '[data-testid=user-row]',
    prepare: async (page) => {
      await page.click('[data-testid=user-row] a')
      await page.click('[data-testid=edit-user]')
      await page.waitForSelector('[data-testid=user-form]')
      await page.click('[data-testid=user-organisation-select]')
      await page.locator('.n-base-select-option:not(.n-base-select-option--selected)').first().click()
      await page.waitForSelector('[data-testid=user-edit-impact]')
      // The option list fades out after the click; axe must see the page, not the closing menu.
      await page.waitForSelector('.n-base-select-menu', { state: 'hidden' })
    },
  },
  {
    name: 'administration: new user refused',
    // Through the list's "New user", as a user gets there: straight from the edit form above, the
    // new-user form would still hold that user (the page component is reused between the routes).
    path: '/admin/users',
    ready: '[data-testid=new-user]',
    prepare: async (page) => {
      await page.click('[data-testid=new-user]')
      await page.waitForSelector('[data-testid=user-form]')
      await page.click('[data-testid=save-user]')
      await page.waitForSelector('[data-field-error]')
    },
  },
  { name: 'administration: product groups', path: '/admin/product-groups', ready: '[data-testid=groups-table]' },
  {
    name: 'administration: product group form with catalogue search',
    path: '/admin/product-groups/new',
    ready: '[data-testid=group-form]',
    prepare: async (page) => {
      await page.fill('#gf-search', 'a')
      await page.click('[data-testid=search-products]')
      await page.waitForSelector('[data-testid=product-results]')
    },
  },
]
