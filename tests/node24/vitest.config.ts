import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Run by scripts/node24-lane.mjs on Node 24 only (it builds what the tests start), so no project of the root config.
export default defineConfig({
  test: {
    name: 'node24',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
