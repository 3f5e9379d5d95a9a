import deAlerts from './de/alerts.json'
import deCrash from './de/crash.json'
import deStatus from './de/status.json'
import deTray from './de/tray.json'
import enAlerts from './en/alerts.json'
import enCrash from './en/crash.json'
import enStatus from './en/status.json'
import enTray from './en/tray.json'
import esAlerts from './es/alerts.json'
import esCrash from './es/crash.json'
import esStatus from './es/status.json'
import esTray from './es/tray.json'
import frAlerts from './fr/alerts.json'
import frCrash from './fr/crash.json'
import frStatus from './fr/status.json'
import frTray from './fr/tray.json'
import itAlerts from './it/alerts.json'
import itCrash from './it/crash.json'
import itStatus from './it/status.json'
import itTray from './it/tray.json'
import nlAlerts from './nl/alerts.json'
import nlCrash from './nl/crash.json'
import nlStatus from './nl/status.json'
import nlTray from './nl/tray.json'
import type { Language } from './languages'

/**
 * The messages shown outside the window, by the shell (tray, crash dialog) and the core (desktop
 * alerts, order status names): every language imported with the code, as they are a few dozen
 * strings. Their shape is English's; the JSON of each other language must match it to compile.
 * The renderer loads its own namespaces per language (renderer/src/i18n) and never this module.
 */
export type DesktopMessages = {
  alerts: typeof enAlerts
  crash: typeof enCrash
  status: typeof enStatus
  tray: typeof enTray
}

export const DESKTOP_MESSAGES: Record<Language, DesktopMessages> = {
  de: { alerts: deAlerts, crash: deCrash, status: deStatus, tray: deTray },
  en: { alerts: enAlerts, crash: enCrash, status: enStatus, tray: enTray },
  es: { alerts: esAlerts, crash: esCrash, status: esStatus, tray: esTray },
  fr: { alerts: frAlerts, crash: frCrash, status: frStatus, tray: frTray },
  it: { alerts: itAlerts, crash: itCrash, status: itStatus, tray: itTray },
  nl: { alerts: nlAlerts, crash: nlCrash, status: nlStatus, tray: nlTray },
}
