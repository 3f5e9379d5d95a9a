import type { DomainMessages } from '../languages'

/** PLACEHOLDER — the admin engineer replaces this file: keys under `admin.` (nav: the navigation label). */
const en = {
  nav: 'Administration',
  title: 'Administration',
  placeholder: 'Users and product groups will appear here.',
}

export default {
  en,
  de: {
    nav: 'Verwaltung',
    title: 'Verwaltung',
    placeholder: 'Hier erscheinen Benutzer und Produktgruppen.',
  },
  es: {
    nav: 'Administración',
    title: 'Administración',
    placeholder: 'Aquí aparecerán los usuarios y los grupos de productos.',
  },
  fr: {
    nav: 'Administration',
    title: 'Administration',
    placeholder: 'Les utilisateurs et les groupes de produits apparaîtront ici.',
  },
  it: {
    nav: 'Amministrazione',
    title: 'Amministrazione',
    placeholder: 'Qui appariranno utenti e gruppi di prodotti.',
  },
  nl: {
    nav: 'Beheer',
    title: 'Beheer',
    placeholder: 'Hier verschijnen gebruikers en productgroepen.',
  },
} satisfies DomainMessages<typeof en>
