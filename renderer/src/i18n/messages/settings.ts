import type { DomainMessages } from '../languages'

/** Settings: sections, display language and theme overrides. */
const en = {
  title: 'Settings',
  sections: { label: 'Settings sections', connections: 'Connections', display: 'Display' },
  language: {
    label: 'Language',
    auto: 'Follow my account',
    autoCurrent: 'Follow my account (now {language})',
  },
  // Language names are autonyms, the same in every language, so users find their own.
  languageNames: { de: 'Deutsch', en: 'English', es: 'Español', fr: 'Français', it: 'Italiano', nl: 'Nederlands' },
  theme: { label: 'Theme', auto: 'Follow the system', light: 'Light', dark: 'Dark' },
  formats: {
    label: 'Formats',
    hint: 'Amounts, dates and times follow your account: currency {currency}, time zone {timezone}.',
    example: 'Example: {money} on {date}',
  },
  desktop: {
    label: 'Desktop',
    keepInTray: 'Keep running in the tray when the window is closed',
    keepInTrayHint: 'Orders are still watched and queued baskets still sent while the window is closed.',
    startAtLogin: 'Start Wholesale Desk when I log in',
  },
  version: 'Version {version}',
}

const languageNames = en.languageNames

export default {
  en,
  de: {
    title: 'Einstellungen',
    sections: { label: 'Bereiche der Einstellungen', connections: 'Verbindungen', display: 'Anzeige' },
    language: {
      label: 'Sprache',
      auto: 'Wie in meinem Konto',
      autoCurrent: 'Wie in meinem Konto (jetzt {language})',
    },
    languageNames,
    theme: { label: 'Farbschema', auto: 'Wie das System', light: 'Hell', dark: 'Dunkel' },
    formats: {
      label: 'Formate',
      hint: 'Beträge, Daten und Uhrzeiten folgen Ihrem Konto: Währung {currency}, Zeitzone {timezone}.',
      example: 'Beispiel: {money} am {date}',
    },
    desktop: {
      label: 'Desktop',
      keepInTray: 'Im Infobereich weiterlaufen, wenn das Fenster geschlossen wird',
      keepInTrayHint: 'Bestellungen werden weiter beobachtet und wartende Warenkörbe weiter gesendet, solange das Fenster geschlossen ist.',
      startAtLogin: 'Wholesale Desk bei der Anmeldung starten',
    },
    version: 'Version {version}',
  },
  es: {
    title: 'Ajustes',
    sections: { label: 'Secciones de ajustes', connections: 'Conexiones', display: 'Visualización' },
    language: {
      label: 'Idioma',
      auto: 'Según mi cuenta',
      autoCurrent: 'Según mi cuenta (ahora {language})',
    },
    languageNames,
    theme: { label: 'Tema', auto: 'Según el sistema', light: 'Claro', dark: 'Oscuro' },
    formats: {
      label: 'Formatos',
      hint: 'Los importes, fechas y horas siguen su cuenta: moneda {currency}, zona horaria {timezone}.',
      example: 'Ejemplo: {money} el {date}',
    },
    desktop: {
      label: 'Escritorio',
      keepInTray: 'Seguir en la bandeja del sistema al cerrar la ventana',
      keepInTrayHint: 'Los pedidos se siguen vigilando y las cestas en cola se siguen enviando con la ventana cerrada.',
      startAtLogin: 'Iniciar Wholesale Desk al iniciar sesión',
    },
    version: 'Versión {version}',
  },
  fr: {
    title: 'Paramètres',
    sections: { label: 'Sections des paramètres', connections: 'Connexions', display: 'Affichage' },
    language: {
      label: 'Langue',
      auto: 'Comme mon compte',
      autoCurrent: 'Comme mon compte (actuellement {language})',
    },
    languageNames,
    theme: { label: 'Thème', auto: 'Comme le système', light: 'Clair', dark: 'Sombre' },
    formats: {
      label: 'Formats',
      hint: 'Les montants, dates et heures suivent votre compte : devise {currency}, fuseau horaire {timezone}.',
      example: 'Exemple : {money} le {date}',
    },
    desktop: {
      label: 'Bureau',
      keepInTray: 'Rester dans la zone de notification à la fermeture de la fenêtre',
      keepInTrayHint: 'Les commandes restent surveillées et les paniers en attente sont toujours envoyés, fenêtre fermée.',
      startAtLogin: 'Lancer Wholesale Desk à l’ouverture de session',
    },
    version: 'Version {version}',
  },
  it: {
    title: 'Impostazioni',
    sections: { label: 'Sezioni delle impostazioni', connections: 'Connessioni', display: 'Visualizzazione' },
    language: {
      label: 'Lingua',
      auto: 'Come il mio account',
      autoCurrent: 'Come il mio account (ora {language})',
    },
    languageNames,
    theme: { label: 'Tema', auto: 'Come il sistema', light: 'Chiaro', dark: 'Scuro' },
    formats: {
      label: 'Formati',
      hint: 'Importi, date e orari seguono il tuo account: valuta {currency}, fuso orario {timezone}.',
      example: 'Esempio: {money} il {date}',
    },
    desktop: {
      label: 'Desktop',
      keepInTray: 'Resta nell’area di notifica quando la finestra è chiusa',
      keepInTrayHint: 'Gli ordini restano monitorati e i carrelli in coda vengono inviati anche a finestra chiusa.',
      startAtLogin: 'Avvia Wholesale Desk all’accesso',
    },
    version: 'Versione {version}',
  },
  nl: {
    title: 'Instellingen',
    sections: { label: 'Onderdelen van de instellingen', connections: 'Verbindingen', display: 'Weergave' },
    language: {
      label: 'Taal',
      auto: 'Zoals mijn account',
      autoCurrent: 'Zoals mijn account (nu {language})',
    },
    languageNames,
    theme: { label: 'Thema', auto: 'Zoals het systeem', light: 'Licht', dark: 'Donker' },
    formats: {
      label: 'Notaties',
      hint: 'Bedragen, datums en tijden volgen uw account: valuta {currency}, tijdzone {timezone}.',
      example: 'Voorbeeld: {money} op {date}',
    },
    desktop: {
      label: 'Bureaublad',
      keepInTray: 'Blijf in het systeemvak draaien als het venster gesloten is',
      keepInTrayHint: 'Bestellingen worden nog gevolgd en wachtende winkelmanden nog verzonden terwijl het venster gesloten is.',
      startAtLogin: 'Wholesale Desk starten bij het aanmelden',
    },
    version: 'Versie {version}',
  },
} satisfies DomainMessages<typeof en>
