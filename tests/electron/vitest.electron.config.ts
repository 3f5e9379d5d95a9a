import { defineConfig } from 'vitest/config'

/** The real-Electron journeys (npm run test:electron): one app at a time, on a machine with the Electron binary. */
export default defineConfig({
  test: {
    include: ['tests/electron/**/*.electron.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    reporters: ['default', ['json', { outputFile: 'out/test-results/electron.json' }]],
  },
})
