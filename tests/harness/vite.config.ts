import { resolve } from 'node:path'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vite'
import { rendererDefines } from '../../renderer/bundle-flags'

/**
 * The renderer built for the browser harness (tests/harness): the same app as in Electron, with
 * harness.html putting window.api on the harness WebSocket before the app starts. Output: out/harness.
 */
const root = resolve(import.meta.dirname, '../../renderer')

export default defineConfig({
  root,
  base: './',
  plugins: [vue()],
  define: rendererDefines,
  build: {
    outDir: resolve(root, '../out/harness'),
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    rolldownOptions: { input: resolve(root, 'harness.html') },
  },
  logLevel: 'warn',
})
