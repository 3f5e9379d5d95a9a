import type { DomainMessages } from '../languages'

/** PLACEHOLDER — the catalogue engineer replaces this file: keys under `catalogue.` (nav: the navigation label). */
const en = {
  nav: 'Catalogue',
  title: 'Catalogue',
}

export default {
  en,
  de: {
    nav: 'Katalog',
    title: 'Katalog',
  },
  es: {
    nav: 'Catálogo',
    title: 'Catálogo',
  },
  fr: {
    nav: 'Catalogue',
    title: 'Catalogue',
  },
  it: {
    nav: 'Catalogo',
    title: 'Catalogo',
  },
  nl: {
    nav: 'Catalogus',
    title: 'Catalogus',
  },
} satisfies DomainMessages<typeof en>
