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
    // What the rep sees is polled for until it shows: 1 s (vitest's default) is too short for a
    // browser and the sandbox sharing two busy cores, and a poll that passes returns at once.
    expect: { poll: { timeout: 5000 } },
    reporters: ['default', ['json', { outputFile: 'out/test-results/e2e.json' }]],
  },
})
