import type { DomainMessages } from '../languages'

/** PLACEHOLDER — the admin engineer replaces this file: keys under `admin.` (nav: the navigation label). */
const en = {
  nav: 'Administration',
  title: 'Administration',
}

export default {
  en,
  de: {
    nav: 'Verwaltung',
    title: 'Verwaltung',
  },
  es: {
    nav: 'Administración',
    title: 'Administración',
  },
  fr: {
    nav: 'Administration',
    title: 'Administration',
  },
  it: {
    nav: 'Amministrazione',
    title: 'Amministrazione',
  },
  nl: {
    nav: 'Beheer',
    title: 'Beheer',
  },
} satisfies DomainMessages<typeof en>
