import { defineConfig } from 'vitest/config'

/**
 * The soak (a simulated working week, tests/soak): `npm run test:soak` runs the full week (mode
 * full); a plain run is the CI size, a step of `npm test`.
 */
export default defineConfig(({ mode }) => ({
  test: {
    include: ['tests/soak/**/*.soak.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 300_000,
    hookTimeout: 120_000,
    env: { SOAK_SCALE: mode === 'full' ? 'full' : (process.env.SOAK_SCALE ?? 'ci') },
    reporters: ['default', ['json', { outputFile: 'out/test-results/soak.json' }]],
  },
}))
