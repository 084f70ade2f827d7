// Production runs the build's JavaScript on plain Node: `npm start` rebuilds the server when its sources are newer
// than the build, then serves from server/dist, and `node server/dist/main.js` runs with no TypeScript loader:
// everything a first start does (migrations, the admin, the demo game) and the scoreboard's worker thread work from
// the compiled files.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ScoreboardModel } from '@pennon/sdk/contract';
import { createNodeClient } from '@pennon/sdk/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntilServing } from '../support/server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const builtMain = path.join(root, 'server/dist/main.js');
const adminPassword = 'Production-build-1';
/** Fails the process on any import of TypeScript or of tsx's loader. */
const noTypeScript = ['--import', path.join(root, 'tests/support/no-typescript.mjs')];

interface Served {
  url: string;
  dataDir: string;
  output(): string;
  stop(): Promise<void>;
}

/** Runs `node …args` as production would, on a fresh data directory, until it serves. */
const serve = async (args: string[], timeoutMs?: number): Promise<Served> => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pennon-build-'));
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      PENNON_DATA_DIR: dataDir,
      PENNON_ADMIN_PASSWORD: adminPassword,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    return { ...(await waitUntilServing(child, timeoutMs)), dataDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};

describe('npm start', () => {
  let started: Served | undefined;
  afterAll(async () => started?.stop());

  it('rebuilds a server build older than its sources, then serves it', async () => {
    // As after a `git pull` (a checkout never built has no build to age).
    if (existsSync(builtMain)) utimesSync(builtMain, 0, 0);
    started = await serve([path.join(root, 'scripts/start.mjs')], 280_000);
    expect(started.output()).toContain('Building server…');
    expect(statSync(builtMain).mtimeMs).toBeGreaterThan(0);
    expect((await fetch(`${started.url}/healthz`)).status).toBe(200);
  }, 300_000);
});

describe('node server/dist/main.js', () => {
  let server: Served;
  beforeAll(async () => {
    server = await serve([...noTypeScript, builtMain]);
  });
  afterAll(async () => server?.stop());

  it('serves on a fresh data directory: health, the favicon, the admin, the demo game and its scoreboard', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    // Rendered from the logo's SVG by sharp's native module.
    const favicon = await fetch(`${server.url}/favicon.webp`);
    expect(favicon.headers.get('content-type')).toBe('image/webp');
    expect((await favicon.arrayBuffer()).byteLength).toBeGreaterThan(0);
    const admin = createNodeClient({ baseUrl: server.url });
    await admin.account.login({ userName: 'admin', password: adminPassword });
    expect((await admin.account.profile()).role).toBe('Admin');
    const [demo] = (await admin.game.list()).data;
    expect(demo?.title).toBe('Pennon Demo');
    const board = await admin.game.scoreboard(demo?.id ?? 0);
    expect(Object.values(board.challenges).flat().length).toBeGreaterThan(0);
  });

  it("renders the demo's scoreboard on the compiled worker thread as the server serves it", async () => {
    type Thread = typeof import('../../server/src/games/render-thread.ts');
    const built: Thread = await import(
      pathToFileURL(path.join(root, 'server/dist/games/render-thread.js')).href
    );
    const thread = new built.RenderThread(`sqlite:${path.join(server.dataDir, 'pennon.db')}`, 0);
    try {
      const client = createNodeClient({ baseUrl: server.url });
      const [demo] = (await client.game.list()).data;
      const rendered = await thread.render(demo?.id ?? 0, Date.now());
      const board: ScoreboardModel = JSON.parse(new TextDecoder().decode(rendered?.body));
      const served = await client.game.scoreboard(demo?.id ?? 0);
      expect(board.challenges).toEqual(served.challenges);
      expect(board.items).toEqual(served.items);
    } finally {
      await thread.close();
    }
  });
});

describe('pennon', () => {
  it('runs straight from a shell on the built file, with no TypeScript loader', () => {
    const result = spawnSync(path.join(root, 'server/dist/cli/main.js'), ['--help'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: noTypeScript.join('=') },
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('pennon backup');
  });
});

describe('pennon-wsrx', () => {
  const bin = path.join(root, 'wsrx/bin/pennon-wsrx.mjs');
  const builtCli = path.join(root, 'wsrx/dist/cli.js');
  const version = (...execArgv: string[]) =>
    spawnSync(process.execPath, [...execArgv, bin, 'version'], { cwd: root, encoding: 'utf8' });

  it('runs its build with no TypeScript loader, even where its sources are newer than the build', () => {
    expect(spawnSync('npm', ['run', 'build', '--workspace', 'wsrx'], { cwd: root }).status).toBe(0);
    const { atime, mtime } = statSync(builtCli);
    utimesSync(builtCli, 0, 0);
    try {
      const old = version(...noTypeScript);
      expect(old.stderr).toBe('');
      expect(old.stdout).toMatch(/^pennon-wsrx \d+\.\d+\.\d+ /);
      expect(old.status).toBe(0);
    } finally {
      utimesSync(builtCli, atime, mtime);
    }
  });
});
