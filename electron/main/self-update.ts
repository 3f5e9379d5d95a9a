import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { app } from 'electron'
import type { AppUpdater, Logger } from '../core/platform/services'
import { feedUrlFrom } from '../core/updates/update-source'

/**
 * electron-updater as the core's AppUpdater: the core decides when to check and when a restart is
 * safe; this downloads (verifying the release's sha512) and installs. Only a packaged app updates
 * itself (feedUrl null otherwise); a managed install may point it at the company's own server.
 * electron-updater is loaded only when first needed.
 */
export function createSelfUpdater(log: Logger, overrideUrl?: string): AppUpdater {
  // resourcesPath: where electron-builder put app-update.yml (absent outside a real Electron).
  const ymlPath = app.isPackaged && typeof process.resourcesPath === 'string' ? join(process.resourcesPath, 'app-update.yml') : null
  const yml = ymlPath && existsSync(ymlPath) ? readFileSync(ymlPath, 'utf8') : null
  const feedUrl = app.isPackaged ? feedUrlFrom(yml, overrideUrl) : null
  let loaded: Promise<typeof import('electron-updater').autoUpdater> | null = null
  const updater = () =>
    (loaded ??= import('electron-updater').then(({ default: { autoUpdater } }) => {
      autoUpdater.autoDownload = false
      // A downloaded update the user did not restart for is installed when they quit anyway.
      autoUpdater.autoInstallOnAppQuit = true
      autoUpdater.logger = { info: (m: unknown) => log.info(`updater: ${String(m)}`), warn: (m: unknown) => log.warn(`updater: ${String(m)}`), error: (m: unknown) => log.error('updater', m), debug: () => {} }
      if (overrideUrl) autoUpdater.setFeedURL({ provider: 'generic', url: overrideUrl })
      return autoUpdater
    }))
  return {
    feedUrl,
    async download(version) {
      const u = await updater()
      const found = await u.checkForUpdates()
      if (!found?.isUpdateAvailable) throw new Error(`the updater found no update (the feed announced ${version})`)
      await u.downloadUpdate()
    },
    install() {
      // Not silent (the Windows installer shows its progress), and the app starts again afterwards.
      void updater().then((u) => u.quitAndInstall(false, true))
    },
  }
}
