// The daemon as a whole: persistence across restarts, the port-taken error, the CLI and its control API.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.ts';
import { PortInUseError } from '../src/daemon.ts';
import { api, approvedScope, localPort, portOf, startTestDaemon, tempDir } from './helpers.ts';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../bin/pennon-wsrx.mjs');
const SITE = 'https://ctf.example.com';

const runCli = async (args: string[]) => {
  let out = '';
  let err = '';
  const code = await main(args, {
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
  });
  return { code, out, err };
};

describe('daemon', () => {
  it('keeps approvals across a restart, but not tunnels', async () => {
    const state = tempDir();
    const first = await startTestDaemon(state.dir);
    await approvedScope(first, SITE);
    await api(first, '/connect', { origin: 'https://pending.example.com', method: 'POST' });
    const tunnel = (await (
      await api(first, '/pool', {
        origin: SITE,
        method: 'POST',
        body: { remote: 'ws://127.0.0.1:1/x', local: '127.0.0.1:0' },
      })
    ).json()) as { local: string };
    await first.close();
    const saved = JSON.parse(readFileSync(path.join(state.dir, 'scopes.json'), 'utf8'));
    expect(saved.scopes.map((scope: { host: string; state: string }) => [scope.host, scope.state])).toEqual([
      [SITE, 'allowed'],
      ['https://pending.example.com', 'pending'],
    ]);

    const second = await startTestDaemon(state.dir);
    expect((await api(second, '/connect', { origin: SITE })).status).toBe(202);
    expect((await api(second, '/connect', { origin: 'https://pending.example.com' })).status).toBe(201);
    expect(await (await api(second, '/pool', { origin: SITE })).json()).toEqual([]);
    expect(second.context.pool.get(tunnel.local)).toBeUndefined();
    await second.close();
    state.remove();
  });

  it('says clearly when the port is taken, and can fall back to a free port', async () => {
    const state = tempDir();
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = portOf(blocker);
    const failure = await startTestDaemon(state.dir, { port }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PortInUseError);
    expect((failure as Error).message).toContain(`Port ${port} on 127.0.0.1 is already in use`);
    const fallback = await startTestDaemon(state.dir, { port, fallbackPort: true });
    expect(fallback.port).not.toBe(port);
    expect((await api(fallback, '/version')).status).toBe(200);
    await fallback.close();
    blocker.close();
    state.remove();
  });

  it('pre-approves --allow-origin and lists, allows, denies and removes scopes through the CLI', async () => {
    const state = tempDir();
    const daemon = await startTestDaemon(state.dir, { allowOrigins: ['https://pre.example.com/'] });
    const dir = ['--state-dir', state.dir];
    expect((await api(daemon, '/connect', { origin: 'https://pre.example.com' })).status).toBe(202);

    await api(daemon, '/connect', { origin: SITE, method: 'POST', body: { name: 'Harbour' } });
    expect((await api(daemon, '/connect', { origin: SITE })).status).toBe(201);
    const scopes = await runCli(['scopes', ...dir]);
    expect(scopes.code).toBe(0);
    expect(scopes.out).toMatch(/pending\s+https:\/\/ctf\.example\.com\s+Harbour/);

    expect(await runCli(['allow', `${SITE}/`, ...dir])).toMatchObject({
      code: 0,
      out: `${SITE} is now allowed.\n`,
    });
    expect((await api(daemon, '/connect', { origin: SITE })).status).toBe(202);
    const tunnel = (await (
      await api(daemon, '/pool', {
        origin: SITE,
        method: 'POST',
        body: { remote: 'ws://127.0.0.1:1/t', local: '127.0.0.1:0' },
      })
    ).json()) as { local: string };
    const tunnels = await runCli(['tunnels', '--json', ...dir]);
    expect(JSON.parse(tunnels.out)).toMatchObject([
      { local: tunnel.local, scope_host: SITE, connections: 0 },
    ]);

    expect((await runCli(['deny', SITE, ...dir])).code).toBe(0);
    expect((await api(daemon, '/connect', { origin: SITE })).status).toBe(403);
    expect(daemon.context.pool.list(SITE)).toEqual([]);
    expect(await runCli(['remove', SITE, ...dir])).toMatchObject({ code: 0 });
    expect((await api(daemon, '/connect', { origin: SITE, method: 'POST' })).status).toBe(200);

    const missing = await runCli(['remove', 'https://never.example.com', ...dir]);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('Scope https://never.example.com not found');
    expect((await runCli(['allow', ...dir])).code).toBe(64);
    const paired = await runCli(['pair', ...dir]);
    expect(paired.code).toBe(0);
    expect(paired.out).toContain(`${daemon.url}#${daemon.controlToken}`);
    expect((await runCli(['pair', 'extra', ...dir])).code).toBe(64);
    await daemon.close();
    expect((await runCli(['pair', ...dir])).code).toBe(1);
    const down = await runCli(['scopes', ...dir]);
    expect(down.code).toBe(1);
    expect(down.err).toMatch(/No running daemon|Cannot reach the daemon/);
    state.remove();
    expect(localPort('[::1]:8080')).toBe(8080);
  });

  it('runs as `pennon-wsrx serve`, refuses a taken port, and stops cleanly on SIGTERM', async () => {
    const state = tempDir();
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--state-dir', state.dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stderr.on('data', (chunk) => {
      log += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const deadline = Date.now() + 15_000;
    while (!/daemon\.listening url=(\S+)/.test(log) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const url = /daemon\.listening url=(\S+)/.exec(log)?.[1] ?? '';
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${url}/version`)).status).toBe(200);

    const second = await new Promise<{ code: number | null; err: string }>((resolve) => {
      const again = spawn(process.execPath, [
        BIN,
        'serve',
        '--port',
        url.split(':')[2] ?? '',
        '--state-dir',
        state.dir,
      ]);
      let err = '';
      again.stderr.on('data', (chunk) => {
        err += chunk;
      });
      again.on('exit', (code) => resolve({ code, err }));
    });
    expect(second.code).toBe(2);
    expect(second.err).toMatch(/is already in use .*A wsrx daemon \(version [\d.]+\) answers there/);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(log).toContain('daemon.stopped');
    state.remove();
  });
});
