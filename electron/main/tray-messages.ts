import type { OrderStatus } from '../../shared/api'
import { ORDER_STATUS_LABELS } from '../../shared/i18n/order-status-labels'

/** The shell's own words (tray, its menu, the close-to-tray hint), in the app's six languages. */
export interface TrayMessages {
  appName: string
  online: string
  offline: string
  notConnected: string
  demo: string
  /** The service's test deployment, and the live one (real orders): shown beside the online state. */
  staging: string
  production: string
  latestChanges: string
  noRecentChanges: string
  orderChange(order: string, status: string): string
  queued(n: number): string
  sending(n: number): string
  needsReview(n: number): string
  attention(n: number): string
  syncNow: string
  open: string
  pauseAlerts: string
  keepInTray: string
  startAtLogin: string
  quit: string
  trayHintTitle: string
  trayHintBody: string
  status: Record<OrderStatus, string>
}

export const TRAY_LANGUAGES = ['de', 'en', 'es', 'fr', 'it', 'nl'] as const
export type TrayLanguage = (typeof TRAY_LANGUAGES)[number]

const plural = (one: string, other: string, zeroIsOne = false) => (n: number) => (n === 1 || (zeroIsOne && n === 0) ? one : other).replace('{n}', String(n))

const en: TrayMessages = {
  appName: 'Wholesale Desk',
  online: 'Online',
  offline: 'Offline',
  notConnected: 'Not connected',
  demo: 'demo data',
  staging: 'staging',
  production: 'PRODUCTION',
  latestChanges: 'Latest changes',
  noRecentChanges: 'No recent changes',
  orderChange: (order, status) => `Order ${order}: ${status}`,
  queued: plural('{n} submission queued', '{n} submissions queued'),
  sending: plural('{n} sending', '{n} sending'),
  needsReview: plural('{n} submission needs review', '{n} submissions need review'),
  attention: plural('{n} order needs attention', '{n} orders need attention'),
  syncNow: 'Sync now',
  open: 'Open Wholesale Desk',
  pauseAlerts: 'Pause alerts',
  keepInTray: 'Keep running when the window is closed',
  startAtLogin: 'Start at login',
  quit: 'Quit',
  trayHintTitle: 'Wholesale Desk is still running',
  trayHintBody: 'It keeps watching your orders and sending queued baskets. Use the tray icon to open it again or to quit.',
  status: ORDER_STATUS_LABELS.en,
}

const de: TrayMessages = {
  appName: 'Wholesale Desk',
  online: 'Online',
  offline: 'Offline',
  notConnected: 'Nicht verbunden',
  demo: 'Demodaten',
  staging: 'Staging',
  production: 'PRODUKTION',
  latestChanges: 'Letzte Änderungen',
  noRecentChanges: 'Keine neuen Änderungen',
  orderChange: (order, status) => `Bestellung ${order}: ${status}`,
  queued: plural('{n} Übermittlung in der Warteschlange', '{n} Übermittlungen in der Warteschlange'),
  sending: plural('{n} wird gesendet', '{n} werden gesendet'),
  needsReview: plural('{n} Übermittlung muss geprüft werden', '{n} Übermittlungen müssen geprüft werden'),
  attention: plural('{n} Bestellung erfordert Aufmerksamkeit', '{n} Bestellungen erfordern Aufmerksamkeit'),
  syncNow: 'Jetzt synchronisieren',
  open: 'Wholesale Desk öffnen',
  pauseAlerts: 'Benachrichtigungen pausieren',
  keepInTray: 'Nach dem Schließen des Fensters weiterlaufen',
  startAtLogin: 'Bei der Anmeldung starten',
  quit: 'Beenden',
  trayHintTitle: 'Wholesale Desk läuft weiter',
  trayHintBody: 'Es beobachtet weiter Ihre Bestellungen und sendet wartende Warenkörbe. Über das Symbol im Infobereich öffnen oder beenden Sie es.',
  status: ORDER_STATUS_LABELS.de,
}

const es: TrayMessages = {
  appName: 'Wholesale Desk',
  online: 'En línea',
  offline: 'Sin conexión',
  notConnected: 'No conectado',
  demo: 'datos de demostración',
  staging: 'staging',
  production: 'PRODUCCIÓN',
  latestChanges: 'Últimos cambios',
  noRecentChanges: 'No hay cambios recientes',
  orderChange: (order, status) => `Pedido ${order}: ${status}`,
  queued: plural('{n} envío en cola', '{n} envíos en cola'),
  sending: plural('{n} enviándose', '{n} enviándose'),
  needsReview: plural('{n} envío requiere revisión', '{n} envíos requieren revisión'),
  attention: plural('{n} pedido requiere atención', '{n} pedidos requieren atención'),
  syncNow: 'Sincronizar ahora',
  open: 'Abrir Wholesale Desk',
  pauseAlerts: 'Pausar avisos',
  keepInTray: 'Seguir ejecutándose al cerrar la ventana',
  startAtLogin: 'Iniciar al iniciar sesión',
  quit: 'Salir',
  trayHintTitle: 'Wholesale Desk sigue en ejecución',
  trayHintBody: 'Sigue vigilando sus pedidos y enviando las cestas en cola. Use el icono de la bandeja para abrirlo de nuevo o salir.',
  status: ORDER_STATUS_LABELS.es,
}

const fr: TrayMessages = {
  appName: 'Wholesale Desk',
  online: 'En ligne',
  offline: 'Hors ligne',
  notConnected: 'Non connecté',
  demo: 'données de démonstration',
  staging: 'staging',
  production: 'PRODUCTION',
  latestChanges: 'Dernières modifications',
  noRecentChanges: 'Aucune modification récente',
  orderChange: (order, status) => `Commande ${order} : ${status}`,
  queued: plural('{n} envoi en attente', '{n} envois en attente', true),
  sending: plural('{n} en cours d’envoi', '{n} en cours d’envoi', true),
  needsReview: plural('{n} envoi à vérifier', '{n} envois à vérifier', true),
  attention: plural('{n} commande demande votre attention', '{n} commandes demandent votre attention', true),
  syncNow: 'Synchroniser maintenant',
  open: 'Ouvrir Wholesale Desk',
  pauseAlerts: 'Suspendre les alertes',
  keepInTray: 'Continuer après la fermeture de la fenêtre',
  startAtLogin: 'Lancer à l’ouverture de session',
  quit: 'Quitter',
  trayHintTitle: 'Wholesale Desk fonctionne toujours',
  trayHintBody: 'Il continue de suivre vos commandes et d’envoyer les paniers en attente. Utilisez l’icône de la barre d’état pour le rouvrir ou le quitter.',
  status: ORDER_STATUS_LABELS.fr,
}

const it: TrayMessages = {
  appName: 'Wholesale Desk',
  online: 'Online',
  offline: 'Offline',
  notConnected: 'Non connesso',
  demo: 'dati dimostrativi',
  staging: 'staging',
  production: 'PRODUZIONE',
  latestChanges: 'Ultime modifiche',
  noRecentChanges: 'Nessuna modifica recente',
  orderChange: (order, status) => `Ordine ${order}: ${status}`,
  queued: plural('{n} invio in coda', '{n} invii in coda'),
  sending: plural('{n} in invio', '{n} in invio'),
  needsReview: plural('{n} invio da verificare', '{n} invii da verificare'),
  attention: plural('{n} ordine richiede attenzione', '{n} ordini richiedono attenzione'),
  syncNow: 'Sincronizza ora',
  open: 'Apri Wholesale Desk',
  pauseAlerts: 'Sospendi avvisi',
  keepInTray: 'Continua a funzionare quando la finestra è chiusa',
  startAtLogin: 'Avvia all’accesso',
  quit: 'Esci',
  trayHintTitle: 'Wholesale Desk è ancora in esecuzione',
  trayHintBody: 'Continua a seguire i tuoi ordini e a inviare i carrelli in coda. Usa l’icona nell’area di notifica per riaprirlo o per uscire.',
  status: ORDER_STATUS_LABELS.it,
}

const nl: TrayMessages = {
  appName: 'Wholesale Desk',
  online: 'Online',
  offline: 'Offline',
  notConnected: 'Niet verbonden',
  demo: 'demogegevens',
  staging: 'staging',
  production: 'PRODUCTIE',
  latestChanges: 'Laatste wijzigingen',
  noRecentChanges: 'Geen recente wijzigingen',
  orderChange: (order, status) => `Bestelling ${order}: ${status}`,
  queued: plural('{n} verzending in de wachtrij', '{n} verzendingen in de wachtrij'),
  sending: plural('{n} wordt verzonden', '{n} worden verzonden'),
  needsReview: plural('{n} verzending moet worden gecontroleerd', '{n} verzendingen moeten worden gecontroleerd'),
  attention: plural('{n} bestelling vraagt aandacht', '{n} bestellingen vragen aandacht'),
  syncNow: 'Nu synchroniseren',
  open: 'Wholesale Desk openen',
  pauseAlerts: 'Meldingen pauzeren',
  keepInTray: 'Blijven draaien als het venster gesloten is',
  startAtLogin: 'Starten bij aanmelden',
  quit: 'Afsluiten',
  trayHintTitle: 'Wholesale Desk draait nog',
  trayHintBody: 'Het blijft uw bestellingen volgen en wachtende winkelmandjes verzenden. Gebruik het pictogram in het systeemvak om het weer te openen of af te sluiten.',
  status: ORDER_STATUS_LABELS.nl,
}

const TABLE: Record<TrayLanguage, TrayMessages> = { de, en, es, fr, it, nl }

/** The language part of a locale ("de_DE", "de-CH", "fr") → one of the six; English otherwise. */
export function trayLanguage(locale: string | null | undefined): TrayLanguage {
  const lang = (locale ?? '').trim().toLowerCase().split(/[-_.@]/)[0] ?? ''
  return (TRAY_LANGUAGES as readonly string[]).includes(lang) ? (lang as TrayLanguage) : 'en'
}

export function trayMessages(locale: string | null | undefined): TrayMessages {
  return TABLE[trayLanguage(locale)]
}
