import { defineConfig } from 'vitest/config';

// `expect.poll` waits for what it checks; its 1 s default bound failed on a busy machine before a page had even
// rendered. The bound is only how long to wait for an event that is not coming.
const expect = { poll: { timeout: 30_000, interval: 100 } };

// One run covers every package; `--project NAME` narrows it.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'sdk', root: 'sdk', include: ['test/**/*.test.ts'], environment: 'node', expect } },
      {
        test: {
          name: 'server',
          expect,
          root: 'server',
          include: ['test/**/*.test.ts'],
          exclude: ['test/containers/**'],
          environment: 'node',
          testTimeout: 20_000,
          // A suite's beforeAll starts a server on a fresh database, and processes beside it: seconds on a busy machine.
          hookTimeout: 60_000,
        },
      },
      {
        // On a real container engine (scripts/container-engine-up.sh): slower, so its own project.
        test: {
          name: 'containers',
          expect,
          root: 'server',
          include: ['test/containers/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'wsrx',
          expect,
          root: 'wsrx',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        extends: 'web/vite.config.ts',
        test: {
          name: 'web',
          expect,
          root: 'web',
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['test/setup.ts'],
          testTimeout: 30_000,
        },
      },
      { test: { name: 'ctl', root: 'ctl', include: ['test/**/*.test.ts'], environment: 'node', expect } },
      {
        test: {
          name: 'widgets',
          root: 'widgets',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          expect,
        },
      },
      {
        test: {
          name: 'extension',
          root: 'extension',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          expect,
        },
      },
      {
        // The security suite (tests/security): the real server attacked as players would, on every database.
        test: {
          name: 'security',
          expect,
          root: 'tests',
          include: ['security/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // The container image (tests/image): minutes of `podman build`, so its own project, beside the e2e files.
        test: {
          name: 'image',
          expect,
          root: 'tests',
          include: ['image/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 40 * 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          expect,
          root: 'tests',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
