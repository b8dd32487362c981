import { defineConfig } from 'vitest/config';

// Every project refuses connections beyond loopback, in its tests and in the Node processes they start.
const noOutboundNetwork = 'test/no-outbound-network.mjs';
const serverTests = ['apps/server/src/**/*.test.ts'];
const serverSetup = {
  globalSetup: ['apps/server/test/global-setup.ts'],
  // Each file builds its own app, database copy and providers, and no test mocks a module, so files may share a
  // worker's module cache: importing the server once per worker instead of once per file halved the documents
  // module's run (82 s → 39 s). The web project keeps isolation: its screens share React Query and i18n state.
  isolate: false,
  setupFiles: [noOutboundNetwork],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/**
 * Database tests run once on PGlite, and once more on PostgreSQL when TEST_DATABASE_URL is set
 * (CI sets it), so both drivers stay proven.
 */
export default defineConfig({
  test: {
    // Vitest's default on two cores is one file at a time; most files wait on PGlite, PostgreSQL or a child process
    // as much as they compute, and two at a time ran the documents module's server files in 71 s instead of 108 s.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: [noOutboundNetwork],
        },
      },
      {
        test: { name: 'harness', include: ['test/**/*.test.ts'], environment: 'node', setupFiles: [noOutboundNetwork] },
      },
      {
        test: { name: 'server:pglite', include: serverTests, env: { TEST_DB: 'pglite' }, ...serverSetup },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'server:postgres',
                include: serverTests,
                // These never open a test database; once is enough. The crash journey, the compiled server's
                // start and its signals are the embedded default's (one process on PGlite); PostgreSQL's crash
                // journey is main-crash-postgres.test.ts.
                exclude: [
                  'apps/server/src/config/**',
                  'apps/server/src/db/data-dir-lock.test.ts',
                  'apps/server/src/main-crash.test.ts',
                  'apps/server/src/main-crash-upload.test.ts',
                  'apps/server/src/main-compiled.test.ts',
                  'apps/server/src/start-signals.test.ts',
                ],
                env: { TEST_DB: 'postgres' },
                ...serverSetup,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: [noOutboundNetwork, 'apps/web/test/setup.ts'],
        },
      },
    ],
  },
});
