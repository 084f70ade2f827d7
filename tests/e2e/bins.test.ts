// The server package's bins as an organiser runs them after `npm ci` and a build: `pennon-server` and `pennon` from
// a folder outside the checkout, whose own `data/` they use, on plain Node. No tsx can be found from there (the PATH
// has no node_modules/.bin), and any import of TypeScript or of tsx's loader fails the process.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createNodeClient } from '@pennon/sdk/node';
import { afterAll, describe, expect, it } from 'vitest';
import { waitUntilServing } from '../support/server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const adminPassword = 'Lantern-2024';

const folder = mkdtempSync(path.join(os.tmpdir(), 'pennon-bins-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A shell's environment, less what `npm test` adds: no PENNON_* settings and no node_modules/.bin on the PATH. */
const env: Record<string, string> = {
  PATH: (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => !dir.includes('node_modules'))
    .join(path.delimiter),
  HOME: process.env.HOME ?? folder,
  NODE_OPTIONS: `--import ${path.join(root, 'tests/support/no-typescript.mjs')}`,
};

const run = (name: string, args: string[]) =>
  new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(bin(name), args, { cwd: folder, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    for (const stream of [child.stdout, child.stderr])
      stream.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });

describe('the server package’s bins, from an unrelated folder', () => {
  it('pennon-server serves on the folder’s data directory, and its admin signs in', async () => {
    const child = spawn(bin('pennon-server'), [], {
      cwd: folder,
      env: { ...env, PORT: '0', HOST: '127.0.0.1', PENNON_ADMIN_PASSWORD: adminPassword, PENNON_DEMO: 'off' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const { url } = await waitUntilServing(child);
      const client = createNodeClient({ baseUrl: url, retry: 0 });
      await client.account.login({ userName: 'admin', password: adminPassword });
      expect((await client.account.profile()).userName).toBe('admin');
      expect(existsSync(path.join(folder, 'data/pennon.db'))).toBe(true);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('pennon backup archives that data directory, and pennon restore takes the archive back', async () => {
    const archive = path.join(folder, 'before-the-event.tar.gz');
    const backup = await run('pennon', ['backup', '--out', 'before-the-event.tar.gz']);
    expect(backup.output).not.toMatch(/tsx|npx/);
    expect(backup.code).toBe(0);
    expect(statSync(archive).size).toBeGreaterThan(0);

    rmSync(path.join(folder, 'data'), { recursive: true });
    const restore = await run('pennon', ['restore', archive]);
    expect(restore.code).toBe(0);
    expect(existsSync(path.join(folder, 'data/pennon.db'))).toBe(true);
  });
});
