import { defineConfig } from 'vitest/config'

/** End-to-end journeys: the built renderer in Debian's Chromium, driven by playwright-core. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    passWithNoTests: true,
    reporters: ['default', ['json', { outputFile: 'out/test-results/e2e.json' }]],
  },
})
