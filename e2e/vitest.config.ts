import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    // Refuses connections beyond loopback here and in the server each file starts (see the file).
    setupFiles: ['../test/no-outbound-network.mjs'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Each file starts its own server and browser; two cores cannot run more than that well.
    fileParallelism: false,
  },
});
