import { Menu, nativeImage, Tray, type MenuItemConstructorOptions, type NativeImage } from 'electron'
import { trayMessages } from '../core/system/tray-texts'
import { trayIcon, trayMenu, trayTooltip, type TrayAction, type TrayIcon, type TrayMenuItem, type TrayState } from '../core/system/tray-state'

export interface TrayIcons {
  online: string
  offline: string
  sending: string
  attention: string
}

export interface TrayController {
  update(state: TrayState): void
  /** A short balloon / notification pointing at the tray (Windows shows a balloon from the icon). */
  hint(title: string, body: string): void
  destroy(): void
}

/**
 * The tray icon: picture, tooltip and menu from TrayState. The menu is rebuilt and set again with
 * setContextMenu on every change — Linux (AppIndicator) only picks up a new menu that way.
 */
export function createTray(icons: TrayIcons, systemLocale: string, onAction: (action: TrayAction) => void): TrayController {
  const images = new Map<TrayIcon, NativeImage>(
    (Object.keys(icons) as TrayIcon[]).map((k) => [k, nativeImage.createFromPath(icons[k])]),
  )
  const tray = new Tray(images.get('offline')!)
  let lastIcon: TrayIcon | null = null
  let lastMenu = ''
  let lastTooltip = ''

  // Left click opens the window where the platform reports it (Windows, macOS); Linux uses the menu.
  tray.on('click', () => onAction({ kind: 'open' }))

  const toElectron = (item: TrayMenuItem): MenuItemConstructorOptions => {
    if (item.type === 'separator') return { type: 'separator' }
    const action = item.action
    const click = action ? () => onAction(action) : undefined
    if (item.type === 'checkbox') return { type: 'checkbox', label: item.label, checked: item.checked, click }
    return { label: item.label, enabled: item.enabled, click }
  }

  return {
    update(state) {
      const m = trayMessages(state.locale ?? systemLocale)
      const icon = trayIcon(state)
      if (icon !== lastIcon) {
        tray.setImage(images.get(icon)!)
        lastIcon = icon
      }
      const tooltip = trayTooltip(state, m)
      if (tooltip !== lastTooltip) {
        tray.setToolTip(tooltip)
        lastTooltip = tooltip
      }
      const items = trayMenu(state, m)
      const key = JSON.stringify(items)
      if (key !== lastMenu) {
        tray.setContextMenu(Menu.buildFromTemplate(items.map(toElectron)))
        lastMenu = key
      }
    },
    hint(title, body) {
      if (process.platform === 'win32') tray.displayBalloon({ title, content: body, iconType: 'info' })
    },
    destroy() {
      tray.destroy()
    },
  }
}
