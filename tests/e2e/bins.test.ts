// The packages' bins as an organiser or a player runs them after `npm ci` and a build: the server's `pennon-server`
// and `pennon`, and wsrx's `pennon-wsrx`, from a folder outside the checkout (whose own `data/` the server's use), on
// plain Node. No tsx can be found from there (the PATH has no node_modules/.bin), and any import of TypeScript or of
// tsx's loader fails the process.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createNodeClient } from '@pennon/sdk/node';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
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

/** The first match of `pattern` in what `child` prints; rejects if it exits first. */
const printed = (child: ChildProcess, pattern: RegExp) =>
  new Promise<RegExpExecArray>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = pattern.exec(output);
      if (found) resolve(found);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`exited with ${code} before printing ${pattern}:\n${output}`)),
    );
  });

describe('the wsrx package’s bin, from an unrelated folder', () => {
  it('pennon-wsrx serve runs the daemon, and pennon-wsrx allow and scopes act on it', async () => {
    // A source newer than the build (an edit, a pull) changes nothing: the bin runs the build, never the sources.
    const source = path.join(root, 'wsrx/src/cli.ts');
    const { atime, mtime } = statSync(source);
    utimesSync(source, atime, new Date());
    onTestFinished(() => utimesSync(source, atime, mtime));
    const stateDir = path.join(folder, 'wsrx');
    const daemon = spawn(bin('pennon-wsrx'), ['serve', '--port', '0', '--state-dir', stateDir], {
      cwd: folder,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((resolve) => daemon.once('exit', resolve));
    try {
      await printed(daemon, /daemon\.listening url=http:\/\/127\.0\.0\.1:\d+/);
      const allow = await run('pennon-wsrx', ['allow', 'https://ctf.example.com', '--state-dir', stateDir]);
      expect(allow.output).toContain('https://ctf.example.com is now allowed');
      expect(allow.code).toBe(0);
      const scopes = await run('pennon-wsrx', ['scopes', '--json', '--state-dir', stateDir]);
      expect(scopes.code).toBe(0);
      expect(JSON.parse(scopes.output)).toEqual([
        expect.objectContaining({ host: 'https://ctf.example.com', state: 'allowed' }),
      ]);
    } finally {
      daemon.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
