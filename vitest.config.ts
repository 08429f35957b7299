import { defineConfig } from 'vitest/config'

/**
 * Projects: pure unit tests; the server's tests on PGlite (one database per worker, reset between
 * tests); the same integration tests on PostgreSQL when DATABASE_URL is set; the web's component tests.
 */
const serverIntegration = ['server/src/**/*.routes.test.ts', 'server/src/**/*.repository.test.ts']

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/contract/src/**/*.test.ts', 'tools/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          isolate: false,
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
                env: { PURIBOX_TEST_DB: 'postgres' },
                testTimeout: 20_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        extends: './web/vite.config.ts',
        test: { name: 'web', root: './web', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
    ],
  },
})
