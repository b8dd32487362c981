import { defineConfig } from 'vitest/config';

/**
 * The fault suite (issue 21): real service processes on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set,
 * killed with SIGKILL at chosen steps. Each file starts its own processes and databases; two cores run one file at a
 * time well.
 */
export default defineConfig({
  test: {
    name: 'faults',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.faults.ts'],
    setupFiles: ['../../../test/no-outbound-network.mjs'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
