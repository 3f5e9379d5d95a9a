import { basename } from 'node:path'
import type { Alert } from '../platform/services'
import { alertLanguage } from '../orders/alert-texts'

/** What the rep is told when the drafts file was damaged and moved aside (a desktop alert, in their language). */
const TEXTS = {
  en: { title: 'Your drafts file was damaged', body: (f: string) => `It was kept as ${f} in the app's data folder and a new, empty one started. Drafts exported to a file can be imported in Baskets.` },
  de: { title: 'Ihre Entwurfsdatei war beschädigt', body: (f: string) => `Sie wurde als ${f} im Datenordner der App aufbewahrt und eine neue, leere angelegt. In eine Datei exportierte Entwürfe können unter Warenkörbe importiert werden.` },
  es: { title: 'El archivo de borradores estaba dañado', body: (f: string) => `Se ha guardado como ${f} en la carpeta de datos de la aplicación y se ha creado uno nuevo vacío. Los borradores exportados a un archivo se pueden importar en Cestas.` },
  fr: { title: 'Votre fichier de brouillons était endommagé', body: (f: string) => `Il a été conservé sous ${f} dans le dossier de données de l’application et un nouveau fichier vide a été créé. Les brouillons exportés dans un fichier peuvent être importés dans Paniers.` },
  it: { title: 'Il file delle bozze era danneggiato', body: (f: string) => `È stato conservato come ${f} nella cartella dati dell’app ed è stato creato un nuovo file vuoto. Le bozze esportate in un file si possono importare in Carrelli.` },
  nl: { title: 'Uw conceptenbestand was beschadigd', body: (f: string) => `Het is bewaard als ${f} in de gegevensmap van de app en er is een nieuw, leeg bestand begonnen. Naar een bestand geëxporteerde concepten kunt u importeren bij Winkelmandjes.` },
} as const

export function damagedDraftsNotice(locale: string | null | undefined, movedAside: string, now: number): Alert {
  const lang = alertLanguage(locale) as keyof typeof TEXTS
  const t = TEXTS[lang] ?? TEXTS.en
  return { id: `drafts-damaged-${now}`, title: t.title, body: t.body(basename(movedAside)) }
}
