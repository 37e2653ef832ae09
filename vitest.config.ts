import { defineConfig } from 'vitest/config'

/**
 * Three projects, each a folder of tests/ mirroring the source tree: unit = tests/unit (client
 * code and the contract: src/**, e.g. tests/unit/api/schemas/ for src/api/schemas/), server =
 * tests/server (server/**: pure modules under tests/server/domain|services|db, the API in-process
 * against PGlite and the PostgreSQL server at the top level), e2e = tests/e2e (Chromium against
 * `npm start`). No test may depend on another having run first (`--sequence.shuffle` passes).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // expect.poll waits for a state as long as Playwright's own waits do (its default, 1 s, is
          // less than a page load on a busy machine); the state still decides, never the clock.
          expect: { poll: { timeout: 30_000 } },
          fileParallelism: false,
          globalSetup: ['tests/e2e/global-setup.ts'],
        },
      },
    ],
  },
})
