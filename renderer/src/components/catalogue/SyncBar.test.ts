// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { appSuite, demoAppSuite, type AppSuite } from '../../../../tests/support/renderer/app-suite'
import type { SandboxProcess } from '../../../../tests/harness/sandbox-process'
import { inLanguage } from '../../../../tests/support/renderer/ui-language'
import { $, waitFor } from '../../../../tests/support/renderer/mount-app'

/**
 * The sync bar while the first sync of a real core runs against a sandbox whose product pages each
 * take 600 ms: the rep sees the pages come in, then the catalogue in place and no sync still said to
 * run (the status read at the sync's last word once said it ran on, with nothing later to end it).
 */
/** The demo started (its sync the app's own), the catalogue shown, and its bar once it says the sync failed. */
async function failedSyncShown(suite: AppSuite<SandboxProcess>): Promise<Element> {
  const started = await suite.app.api.connection.startDemo()
  if (!started.ok) throw new Error(started.error.message)
  await suite.mount({ path: '/catalogue' })
  return waitFor(() => $('[data-testid=sync-failed]'), 'the failure said', 30_000)
}

describe('the catalogue sync bar', () => {
  const suite = appSuite({ sandbox: { products: 3000, orders: 0, speed: 0, testMode: true } })

  it('shows the pages and products coming in while a sync runs, and the stored catalogue when it ends', async () => {
    await suite.sandbox.control.injectFault({ kind: 'latency', ms: 600, match: { path: '^/products$' } })
    try {
      const started = await suite.app.api.connection.startDemo()
      if (!started.ok) throw new Error(started.error.message)
      await suite.mount({ path: '/catalogue' })

      const seen = new Set<string>()
      const progress = () => {
        const text = $('[data-testid=sync-progress]')?.textContent?.replace(/\s+/g, ' ').trim()
        if (text) seen.add(text)
        return text
      }
      await waitFor(() => progress()?.includes('Page 1 of 3'), 'the first page shown as done', 20_000)
      const stored = await waitFor(
        () => {
          progress()
          return $('[data-testid=sync-bar]')?.textContent?.includes('3,000 products stored') && !$('[data-testid=sync-progress]')
        },
        'the catalogue in place',
        30_000,
      )
      expect(stored).toBe(true)
      // Over: no sync said to be running, none to cancel.
      expect($('[data-testid=cancel-sync]')).toBeNull()
      expect($('[data-testid=sync-now]')).not.toBeNull()
      // While it ran: the pages done, and the products fetched with them.
      expect([...seen].some((s) => /Page [123] of 3/.test(s) && /[\d,]+ products/.test(s))).toBe(true)
      expect($('[data-testid=prices-as-of]')?.textContent).not.toContain('never')
    } finally {
      await suite.sandbox.control.clearFaults()
    }
  }, 60_000)
})

describe('the catalogue sync bar when the first sync fails', () => {
  const suite = appSuite({ sandbox: { products: 3000, orders: 0, speed: 0, testMode: true } })

  it('says a sync the app started failed, with the service\'s reason, once it has ended', async () => {
    await suite.sandbox.control.injectFault({ kind: 'status', status: 503, match: { path: '^/products$', query: '(^|&)page=2(&|$)' } })
    try {
      // The sync the app starts itself (the view only hears of its end).
      const failed = await failedSyncShown(suite)
      expect(failed.getAttribute('data-error-code')).toBe('server_error')
      // The service's refusal by its kind, its own words quoted as what it said (not as the app's technical details).
      expect(failed.querySelector('p')!.textContent!.trim()).toBe(
        'The last sync failed. The service had a problem and could not do it: try again in a moment. If it keeps happening, tell support what the service said.',
      )
      expect(failed.querySelector('summary')!.textContent).toBe('What the service said')
      expect(failed.querySelector('[data-testid=service-words]')!.textContent).toContain('Injected fault')
      // The page that landed answers searches: the bar says so, not that nothing was ever downloaded.
      expect($('[data-testid=prices-as-of]')?.textContent?.trim()).toMatch(/^Partly downloaded: [12],000 of 3,000 products$/)
      expect($('[data-testid=cancel-sync]')).toBeNull()
    } finally {
      await suite.sandbox.control.clearFaults()
    }
  }, 60_000)
})

describe('the catalogue sync bar in Spanish and Italian', () => {
  const demo = demoAppSuite({ sandbox: { products: 20, orders: 0, speed: 0 }, sync: true })

  // "Precios de ahora", "Prezzi di ora" were word for word, not what a Spanish or Italian rep says.
  it.each([
    ['es', /^Precios actualizados ahora \(/],
    ['it', /^Prezzi aggiornati ora \(/],
  ])('says when the prices were brought up to date as a %s rep says it', async (language, said) => {
    inLanguage(language)
    await demo.mount({ path: '/catalogue' })
    const text = await waitFor(() => $('[data-testid=prices-as-of]')?.textContent?.trim(), 'the prices’ date')
    expect(text).toMatch(said)
  })
})

describe('the catalogue sync bar, synced today', () => {
  const demo = demoAppSuite({ sandbox: { products: 20, orders: 0, speed: 0 }, sync: true })

  // It also wrote today's date ("Preise aktualisiert vor 13 Sekunden (28.11.2026, 06:59)"), which took a
  // third line on a 1024-pixel window in German and a row from the list below.
  it.each([
    ['en', /^Prices as of .+ \(\d{1,2}:\d{2}( [ap]m)?\)$/i],
    ['de', /^Preise aktualisiert .+ \(\d{1,2}:\d{2}\)$/],
  ])('in %s, says the time the prices were brought up to date, without the date', async (language, said) => {
    inLanguage(language)
    await demo.mount({ path: '/catalogue' })
    const text = await waitFor(() => $('[data-testid=prices-as-of]')?.textContent?.trim(), 'the prices’ time')
    expect(text).toMatch(said)
    expect(text).not.toContain(String(new Date().getFullYear()))
  })
})

describe('the catalogue sync bar when the demo service cannot be reached, in Italian', () => {
  const demo = demoAppSuite({ sandbox: { products: 20, orders: 0, speed: 0 }, sync: true })

  // It said "L’ultima sincronizzazione non è riuscita: The service at 127.0.0.1:… cannot be reached (ECONNREFUSED)."
  // Then "… Controlla l’indirizzo e la rete.": the address of the built-in demo, which the rep never typed.
  it('says why in Italian and what to do about the demo, with the core’s English folded away for support', async () => {
    inLanguage('it')
    await demo.sandbox.control.pause()
    try {
      const synced = await demo.app.api.catalogue.sync()
      expect(synced.ok && synced.value.outcome).toBe('failed')
      await demo.mount({ path: '/catalogue' })
      const failed = await waitFor(() => $('[data-testid=sync-failed]'), 'the failure said')
      expect(failed.getAttribute('data-error-code')).toBe('offline')
      expect(failed.querySelector('p')!.textContent!.trim()).toBe('L’ultima sincronizzazione non è riuscita. Il servizio demo su questo computer ha smesso di rispondere. Chiudi l’app e riaprila per riavviarlo.')
      const details = failed.querySelector('details')!
      expect(details.open).toBe(false)
      expect(details.querySelector('summary')!.textContent).toBe('Dettagli tecnici (in inglese)')
      expect(details.textContent).toContain('cannot be reached')
    } finally {
      await demo.sandbox.control.resume()
    }
  })
})

describe('the catalogue sync bar when the service stops answering part-way, in German', () => {
  const suite = appSuite({ sandbox: { products: 3000, orders: 0, speed: 0, testMode: true } })

  // It said 'Der Dienst ist nicht erreichbar. Prüfen Sie die Adresse und Ihr Netzwerk.', as if it never had been, and nothing of the pages kept.
  it('says the service stopped answering and that the pages downloaded are kept, the core’s English folded away', async () => {
    inLanguage('de')
    await suite.sandbox.control.injectFault({ kind: 'latency', ms: 400, match: { path: '^/products$' } })
    let paused: Promise<void> | null = null
    const off = suite.app.api.on('catalogue.syncProgress', (p) => {
      if (p.pagesDone >= 1) paused ??= suite.sandbox.control.pause()
    })
    try {
      const failed = await failedSyncShown(suite)
      expect(failed.querySelector('p')!.textContent!.trim()).toBe(
        'Die letzte Synchronisierung ist fehlgeschlagen. Der Dienst hat mittendrin aufgehört zu antworten. Die schon heruntergeladenen Seiten bleiben erhalten: Die nächste Synchronisierung macht dort weiter.',
      )
      const details = failed.querySelector('details')!
      expect(details.open).toBe(false)
      expect(details.querySelector('summary')!.textContent).toBe('Technische Details (auf Englisch)')
      expect(details.textContent).toContain('cannot be reached')
    } finally {
      off()
      await paused
      await suite.sandbox.control.resume()
      await suite.sandbox.control.clearFaults()
    }
  }, 60_000)
})
