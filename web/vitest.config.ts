// Vitest: modules in the node environment with an in-memory IndexedDB (fake-indexeddb), against
// one real `writeit serve` started by the global setup (build it first: cargo build -p
// writeit-server).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/db/testing/setup.ts'],
    globalSetup: ['./vitest.global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
