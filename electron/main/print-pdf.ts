import { BrowserWindow } from 'electron'
import { printWebPreferences } from './security/web-preferences'

/**
 * A self-contained HTML page (an order confirmation, a quote) to A4 PDF with Chromium's printer:
 * loaded in a hidden window that runs no script, opens nothing and navigates nowhere.
 */
export async function printHtmlToPdf(html: string): Promise<Uint8Array> {
  // The default session: its permission handlers deny everything to this window too.
  const win = new BrowserWindow({ show: false, webPreferences: printWebPreferences() })
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }))
  win.webContents.on('will-navigate', (e) => e.preventDefault())
  try {
    await win.loadURL(`data:text/html;charset=utf-8;base64,${Buffer.from(html, 'utf8').toString('base64')}`)
    const pdf = await win.webContents.printToPDF({ pageSize: 'A4', printBackground: true })
    return new Uint8Array(pdf)
  } finally {
    win.destroy()
  }
}
