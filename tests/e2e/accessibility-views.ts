import type { Page } from 'playwright-core'

/**
 * Every view the accessibility check visits, connected to the demo sandbox. To add yours, append an
 * entry: the hash path, a selector that is visible once the view has loaded its data, and, if the
 * view only shows its interesting parts after a click, a `prepare` step.
 */
export interface ViewCheck {
  name: string
  path: string
  ready: string
  prepare?: (page: Page) => Promise<void>
}

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
  { name: 'page not found', path: '/no-such-page', ready: 'h1' },
  // catalogue
  { name: 'catalogue: search results', path: '/catalogue', ready: '[data-testid=result-row]' },
  {
    name: 'catalogue: a scanned SKU that two vendors share',
    path: '/catalogue',
    ready: '[data-testid=result-row]',
    prepare: async (page) => {
      await page.click('[data-testid=catalogue-search]')
      await page.keyboard.type('AMB-100', { delay: 5 })
      await page.keyboard.press('Enter')
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
  // baskets
  { name: 'baskets', path: '/baskets', ready: '[data-testid=baskets-page]' },
  {
    name: 'baskets: draft editor with field errors',
    path: '/baskets',
    ready: '[data-testid=new-draft]',
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
      await page.fill('[data-testid=import-text]', 'NO-SUCH-SKU\t2\nBAD LINE;x')
      await page.click('[data-testid=import-preview]')
      await page.waitForSelector('[data-testid=import-preview-table]')
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
      await page.fill('#of-start', '2025-06-01')
      await page.fill('#of-end', '2025-01-01')
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
      await page.waitForSelector('[data-testid=audit-logs], [data-testid=user-detail] h1')
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
    path: '/admin/users/new',
    ready: '[data-testid=user-form]',
    prepare: async (page) => {
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
      await page.waitForSelector('[data-testid=product-results], .error-notice')
    },
  },
]
