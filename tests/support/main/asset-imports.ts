import { dirname, resolve } from 'node:path'
import type { Plugin } from 'vite'

const PREFIX = '\0asset-path:'

/**
 * `import icon from './icon.png?asset&asarUnpack'` in the tests, as electron-vite gives it in a
 * build: the default export is the file's path (here its path in the repository). The main
 * process's modules then load under plain Node with no per-test mocks of every icon.
 */
export function assetImports(): Plugin {
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
