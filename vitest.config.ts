import path from 'node:path'
import { defineConfig } from 'vitest/config'

/**
 * Projects: pure unit tests; the server's tests on PGlite (one database per worker, reset between
 * tests); the same integration tests on PostgreSQL when DATABASE_URL is set; the web's component tests.
 */
const serverIntegration = ['server/src/**/*.routes.test.ts', 'server/src/**/*.repository.test.ts']
/** Every project: a console.error or an unhandled rejection during a test fails it. */
const failOnNoise = path.join(import.meta.dirname, 'tools', 'fail-on-noise.ts')

export default defineConfig({
  test: {
    // Vitest's default leaves a core idle (CPUs − 1: one worker on this two-core machine). The route
    // tests wait on PGlite and PostgreSQL as much as they compute, so two workers share two cores
    // well: the whole run took 7.5 minutes with one, see issue 26's note.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/contract/src/**/*.test.ts', 'tools/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          setupFiles: [failOnNoise],
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          isolate: false,
          setupFiles: [failOnNoise],
          env: { PURIBOX_TEST_DB: 'pglite' },
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.DATABASE_URL
        ? [
            {
              test: {
                name: 'server-postgres',
                include: serverIntegration,
                isolate: false,
                setupFiles: [failOnNoise],
                env: { PURIBOX_TEST_DB: 'postgres' },
                testTimeout: 20_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // One jsdom and one React per worker, not per file: the project took 161 s with a fresh
          // environment for each of its 108 files and 26 s without, passing the same in shuffled
          // orders (the setup file clears what a test leaves: the screen, storage, stubbed globals, timers).
          isolate: false,
          // The web's one test clock (src/testing/clock.ts), after the noise guard.
          setupFiles: [failOnNoise, './src/testing/setup.ts'],
        },
      },
    ],
  },
})
