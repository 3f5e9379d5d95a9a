/**
 * Child process of electron/core/baskets/drafts.test.ts: types into a draft's instructions one keystroke at a time, each
 * keystroke autosaved, and reports every saved text to the parent, which kills it mid-typing.
 */
import { BasketStore } from '../../../electron/core/baskets/basket-store'
import { Drafts } from '../../../electron/core/baskets/drafts'
import { emptyCatalogue } from '../../../electron/core/baskets/price-catalogue'

const store = new BasketStore(process.argv[2]!, () => Date.now())
const drafts = new Drafts({ store, catalogue: () => emptyCatalogue, actingOrganisation: () => 1, changed: () => {}, service: () => 'http://service.test', kickOutbox: () => {} })

async function type(): Promise<void> {
  const d = await drafts.create()
  let text = ''
  for (let i = 0; ; i++) {
    text += String.fromCharCode(97 + (i % 26))
    await drafts.update(d.id, { ship_instructions: text })
    process.send?.({ id: d.id, saved: text })
    await new Promise((r) => setTimeout(r, 1))
  }
}
void type()
