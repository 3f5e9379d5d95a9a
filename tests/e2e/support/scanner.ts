import type { Page } from 'playwright-core'

/** Milliseconds between a scanner's keys (well under the catalogue's BURST_GAP_MS). */
const KEY_GAP_MS = 4

/**
 * A keyboard-wedge barcode scanner: `code` as a burst of key presses, then Enter, into the focused
 * element. The app tells a scan from typing by the events' own times; keyboard.type() stamps each
 * key when it reaches the page, so on a busy machine its keys arrive as slowly as a person's.
 * Here each key carries the time a scanner would have sent it (CDP's event timestamp), however
 * late it is delivered.
 */
export async function scan(page: Page, code: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const start = Date.now()
    const at = (i: number) => (start + i * KEY_GAP_MS) / 1000
    let i = 0
    for (const ch of code) {
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: ch, text: ch, unmodifiedText: ch, timestamp: at(i) })
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: ch, timestamp: at(i) })
      i++
    }
    const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13 }
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...enter, text: '\r', unmodifiedText: '\r', timestamp: at(i) })
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...enter, timestamp: at(i) })
  } finally {
    await cdp.detach()
  }
}
