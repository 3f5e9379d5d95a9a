import { defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'
import { assetImports } from './tests/support/main/asset-imports'

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
