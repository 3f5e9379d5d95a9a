import { resolve } from 'node:path'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vite'

/**
 * The renderer built for the browser harness (tests/harness): the same app as in Electron, with
 * harness.html putting window.api on HTTP + SSE before the app starts. Output: out/harness.
 */
const root = resolve(import.meta.dirname)

export default defineConfig({
  root,
  base: './',
  plugins: [vue()],
  define: {
    __VUE_PROD_DEVTOOLS__: 'false',
    __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    __VUE_I18N_FULL_INSTALL__: 'false',
    __VUE_I18N_LEGACY_API__: 'false',
    __INTLIFY_PROD_DEVTOOLS__: 'false',
  },
  build: {
    outDir: resolve(root, '../out/harness'),
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    rolldownOptions: { input: resolve(root, 'harness.html') },
  },
  logLevel: 'warn',
})
