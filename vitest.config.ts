import { defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'
import { dirname, resolve } from 'node:path'
import type { Plugin } from 'vite'

const PREFIX = '\0asset-path:'

/**
 * `import icon from './icon.png?asset&asarUnpack'` in the tests, as electron-vite gives it in a
 * build: the default export is the file's path (here its path in the repository). The main
 * process's modules then load under plain Node with no per-test mocks of every icon. It lives here,
 * not in a module of its own: Vite warns about a config importing a module without its extension.
 */
function assetImports(): Plugin {
  return {
    name: 'wholesale-desk:asset-imports',
    enforce: 'pre',
    resolveId(id, importer) {
      const [file, query] = id.split('?')
      if (!query?.split('&').includes('asset') || !importer) return null
      return PREFIX + resolve(dirname(importer), file!)
    },
    load(id) {
      return id.startsWith(PREFIX) ? `export default ${JSON.stringify(id.slice(PREFIX.length))}` : null
    },
  }
}

/** Unit and integration suites: they sit next to the code they test. e2e has its own config. */
export default defineConfig({
  plugins: [vue(), assetImports()],
  test: {
    include: ['electron/**/*.test.ts', 'shared/**/*.test.ts', 'renderer/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/chaos/**/*.test.ts', 'tests/support/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: 'out/test-results/unit.json' }]],
  },
})
