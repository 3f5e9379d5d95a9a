import { trayLanguage, type TrayLanguage } from './tray-messages'

/** What the window says when it keeps crashing, in the app's six languages. */
export interface CrashMessages {
  title: string
  body: string
  reload: string
  close: string
}

const TABLE: Record<TrayLanguage, CrashMessages> = {
  en: {
    title: 'The Wholesale Desk window keeps stopping',
    body: 'Your drafts are safe: they are kept on this computer. Reload the window to carry on. If this happens again, send the log below to your support desk (Settings → Support → Save diagnostics).',
    reload: 'Reload',
    close: 'Close',
  },
  de: {
    title: 'Das Fenster von Wholesale Desk stürzt wiederholt ab',
    body: 'Ihre Entwürfe sind sicher: Sie sind auf diesem Computer gespeichert. Laden Sie das Fenster neu, um weiterzuarbeiten. Tritt das erneut auf, senden Sie das unten genannte Protokoll an Ihren Support (Einstellungen → Support → Diagnose speichern).',
    reload: 'Neu laden',
    close: 'Schließen',
  },
  es: {
    title: 'La ventana de Wholesale Desk se sigue cerrando',
    body: 'Sus borradores están a salvo: se guardan en este equipo. Vuelva a cargar la ventana para continuar. Si vuelve a ocurrir, envíe el registro indicado abajo a su servicio de soporte (Ajustes → Soporte → Guardar diagnóstico).',
    reload: 'Volver a cargar',
    close: 'Cerrar',
  },
  fr: {
    title: 'La fenêtre de Wholesale Desk s’arrête à répétition',
    body: 'Vos brouillons sont en sécurité : ils sont conservés sur cet ordinateur. Rechargez la fenêtre pour continuer. Si cela se reproduit, envoyez le journal indiqué ci-dessous à votre support (Paramètres → Assistance → Enregistrer le diagnostic).',
    reload: 'Recharger',
    close: 'Fermer',
  },
  it: {
    title: 'La finestra di Wholesale Desk continua a bloccarsi',
    body: 'Le tue bozze sono al sicuro: sono conservate su questo computer. Ricarica la finestra per continuare. Se succede di nuovo, invia il registro indicato sotto al tuo supporto (Impostazioni → Assistenza → Salva diagnostica).',
    reload: 'Ricarica',
    close: 'Chiudi',
  },
  nl: {
    title: 'Het venster van Wholesale Desk blijft stoppen',
    body: 'Uw concepten zijn veilig: ze worden op deze computer bewaard. Laad het venster opnieuw om verder te gaan. Gebeurt dit weer, stuur dan het hieronder genoemde logboek naar uw supportafdeling (Instellingen → Ondersteuning → Diagnose opslaan).',
    reload: 'Opnieuw laden',
    close: 'Sluiten',
  },
}

export function crashMessages(locale: string | null | undefined): CrashMessages {
  return TABLE[trayLanguage(locale)]
}
