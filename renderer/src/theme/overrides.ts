import type { GlobalThemeOverrides } from 'naive-ui'

/**
 * naive-ui's light palette puts white or coloured text on mid-tone greens and oranges below the
 * WCAG AA contrast of 4.5:1 (tags, buttons). These darker tones pass; the dark theme's pass as they are.
 */
export const lightOverrides: GlobalThemeOverrides = {
  common: {
    primaryColor: '#127a48',
    primaryColorHover: '#168a52',
    primaryColorPressed: '#0d633a',
    primaryColorSuppl: '#168a52',
    successColor: '#127a48',
    successColorHover: '#168a52',
    successColorPressed: '#0d633a',
    successColorSuppl: '#168a52',
    warningColor: '#8f5200',
    warningColorHover: '#a05c00',
    warningColorPressed: '#754300',
    warningColorSuppl: '#a05c00',
    infoColor: '#1a5fb4',
    infoColorHover: '#2169c4',
    infoColorPressed: '#154d94',
    infoColorSuppl: '#2169c4',
    errorColor: '#c0262d',
    errorColorHover: '#d0353c',
    errorColorPressed: '#9f1f25',
    errorColorSuppl: '#d0353c',
  },
}
