import type { DomainMessages } from '../languages'

/** PLACEHOLDER — the catalogue engineer replaces this file: keys under `catalogue.` (nav: the navigation label). */
const en = {
  nav: 'Catalogue',
  title: 'Catalogue',
  placeholder: 'The catalogue will appear here.',
}

export default {
  en,
  de: {
    nav: 'Katalog',
    title: 'Katalog',
    placeholder: 'Hier erscheint der Katalog.',
  },
  es: {
    nav: 'Catálogo',
    title: 'Catálogo',
    placeholder: 'Aquí aparecerá el catálogo.',
  },
  fr: {
    nav: 'Catalogue',
    title: 'Catalogue',
    placeholder: 'Le catalogue apparaîtra ici.',
  },
  it: {
    nav: 'Catalogo',
    title: 'Catalogo',
    placeholder: 'Qui apparirà il catalogo.',
  },
  nl: {
    nav: 'Catalogus',
    title: 'Catalogus',
    placeholder: 'Hier verschijnt de catalogus.',
  },
} satisfies DomainMessages<typeof en>
