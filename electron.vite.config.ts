import { resolve } from 'node:path'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'electron-vite'
import { rendererDefines } from './renderer/bundle-flags'

const root = import.meta.dirname

/**
 * Three bundles: main (ESM, Node side), preload (one CommonJS file — a sandboxed preload may
 * require nothing but 'electron', so shared/ipc and zod are bundled in), renderer (root renderer/).
 */
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rolldownOptions: {
        input: { index: resolve(root, 'electron/main/index.ts') },
        // node:sqlite is listed by hand: electron-vite derives built-ins from the Node that runs the
        // build, and Node 20 has no node:sqlite. keytar is a native module loaded from node_modules.
        external: ['node:sqlite', 'keytar'],
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(root, 'electron/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    plugins: [vue()],
    define: rendererDefines,
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      rolldownOptions: { input: { index: resolve(root, 'renderer/index.html') } },
    },
  },
})
