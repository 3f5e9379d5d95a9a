/**
 * Compile-time flags for the renderer bundle (Electron's and the harness's alike): no devtools hooks
 * in production and vue-i18n without its legacy API, so both can be dropped from the bundle.
 */
export const rendererDefines = {
  __VUE_PROD_DEVTOOLS__: 'false',
  __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
  __VUE_I18N_FULL_INSTALL__: 'false',
  __VUE_I18N_LEGACY_API__: 'false',
  __INTLIFY_PROD_DEVTOOLS__: 'false',
}
