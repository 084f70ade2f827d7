// What a hostile site (or a hostile machine) can make the daemon hold: pending scopes and their settings are capped,
// scopes.json is bounded and written atomically, and the API stays on loopback unless the user says otherwise.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { api, startTestDaemon, tempDir } from './helpers.ts';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../bin/pennon-wsrx.mjs');
/** Origins of distinct sites: one site may keep only a few pages waiting. */
const site = (n: number) => `https://ctf${n}.org`;

/** A scopes.json of allowed scopes with bulky settings, exactly `bytes` long. */
const bulkyScopesFile = (bytes: number): string => {
  const scopes: {
    host: string;
    name: string;
    state: string;
    features: string[];
    settings: { note: string };
  }[] = [];
  const render = () => `${JSON.stringify({ version: 1, scopes }, null, 2)}\n`;
  while (Buffer.byteLength(render()) < bytes - 8000) {
    const host = site(scopes.length);
    scopes.push({
      host,
      name: host,
      state: 'allowed',
      features: ['basic'],
      settings: { note: 'x'.repeat(4000) },
    });
  }
  const last = scopes.at(-1) as (typeof scopes)[number];
  last.settings.note += 'x'.repeat(bytes - Buffer.byteLength(render()));
  return render();
};

describe('daemon limits', () => {
  it('keeps at most 32 sites waiting for approval and tells the next one why it is refused', async () => {
    const state = tempDir();
    const daemon = await startTestDaemon(state.dir);
    for (let n = 0; n < 32; n++) {
      expect((await api(daemon, '/connect', { origin: site(n), method: 'POST' })).status).toBe(200);
    }
    const refused = await api(daemon, '/connect', { origin: site(32), method: 'POST' });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe(
      '32 sites are already waiting for approval: approve, deny or remove some first (pennon-wsrx scopes)',
    );
    expect((await api(daemon, '/connect', { origin: site(32) })).status).toBe(403);
    // A known site is not a new one: asking again still answers 202.
    expect((await api(daemon, '/connect', { origin: site(0), method: 'POST' })).status).toBe(202);

    daemon.context.scopes.allow(site(0));
    expect((await api(daemon, '/connect', { origin: site(32), method: 'POST' })).status).toBe(200);
    await daemon.close();
    state.remove();
  });

  it('keeps at most 4 pages of one site waiting, so one site cannot fill the list for the others', async () => {
    const state = tempDir();
    const daemon = await startTestDaemon(state.dir);
    const pages = [
      'https://a.evil.example.com',
      'https://b.evil.example.com:8443',
      'http://evil.example.com',
    ];
    for (const origin of [...pages, 'https://deep.c.evil.example.com']) {
      expect((await api(daemon, '/connect', { origin, method: 'POST' })).status).toBe(200);
    }
    const refused = await api(daemon, '/connect', { origin: 'https://e.evil.example.com', method: 'POST' });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe(
      '4 pages of example.com are already waiting for approval: approve, deny or remove some first (pennon-wsrx scopes)',
    );
    // Another site, on a suffix of the public suffix list, is still heard.
    expect(
      (await api(daemon, '/connect', { origin: 'https://ctf.example.co.uk', method: 'POST' })).status,
    ).toBe(200);
    expect((await api(daemon, '/connect', { origin: 'https://other.co.uk', method: 'POST' })).status).toBe(
      200,
    );
    await daemon.close();
    state.remove();
  });

  it('refuses scope settings over 4 KiB when registering and when updating', async () => {
    const state = tempDir();
    const daemon = await startTestDaemon(state.dir);
    const huge = { pingfall: { status: [404], drop_unknown: false }, junk: 'x'.repeat(4096) };
    const refused = await api(daemon, '/connect', {
      origin: site(1),
      method: 'POST',
      body: { name: 'Big', features: ['basic'], settings: huge },
    });
    expect(refused.status).toBe(413);
    expect(await refused.text()).toMatch(
      /^Scope settings are \d+ bytes as JSON, more than the 4096 allowed$/,
    );
    expect((await api(daemon, '/connect', { origin: site(1) })).status).toBe(403);

    const settings = { pingfall: { status: [400, 404], drop_unknown: false } };
    const body = { name: 'Fine', features: ['basic', 'pingfall'], settings };
    expect((await api(daemon, '/connect', { origin: site(2), method: 'POST', body })).status).toBe(200);
    const patched = await api(daemon, '/connect', {
      origin: site(2),
      method: 'PATCH',
      body: { ...body, settings: huge },
    });
    expect(patched.status).toBe(413);
    expect(daemon.context.scopes.get(site(2))?.settings).toEqual(settings);
    await daemon.close();
    state.remove();
  });

  it('refuses to start on a scopes.json over 1 MiB, saying which file and what to do', async () => {
    const state = tempDir();
    const file = path.join(state.dir, 'scopes.json');
    const text = JSON.stringify({ version: 1, scopes: [], padding: 'x'.repeat(1024 * 1024) });
    writeFileSync(file, text);
    await expect(startTestDaemon(state.dir)).rejects.toThrow(
      `${file} is ${text.length} bytes, more than the 1048576 allowed; remove scopes from it or delete it`,
    );
    state.remove();
  });

  it('refuses a change that would grow scopes.json past 1 MiB and leaves the file as it was', async () => {
    const state = tempDir();
    const file = path.join(state.dir, 'scopes.json');
    const before = bulkyScopesFile(1024 * 1024 - 100);
    expect(Buffer.byteLength(before)).toBe(1024 * 1024 - 100);
    writeFileSync(file, before);
    const daemon = await startTestDaemon(state.dir);
    expect((await api(daemon, '/connect', { origin: site(0) })).status).toBe(202);

    const refused = await api(daemon, '/connect', {
      origin: 'https://one-more.example.com',
      method: 'POST',
      body: { name: 'One more' },
    });
    expect(refused.status).toBe(507);
    expect(await refused.text()).toBe(
      `Saving this change would grow ${file} past 1048576 bytes: remove some scopes first (pennon-wsrx remove ORIGIN)`,
    );
    expect((await api(daemon, '/connect', { origin: 'https://one-more.example.com' })).status).toBe(403);
    expect(readFileSync(file, 'utf8')).toBe(before);
    await daemon.close();
    state.remove();
  });

  it('writes scopes.json through a temporary file: a failed save keeps the old state and leaves no debris', async () => {
    const state = tempDir();
    const file = path.join(state.dir, 'scopes.json');
    const daemon = await startTestDaemon(state.dir);
    expect((await api(daemon, '/connect', { origin: site(1), method: 'POST' })).status).toBe(200);
    // Something now stands where the file is renamed to, so the save fails after the temporary file is written.
    rmSync(file);
    mkdirSync(file);
    writeFileSync(path.join(file, 'in-the-way'), '');

    const failed = await api(daemon, '/connect', { origin: site(2), method: 'POST' });
    expect(failed.status).toBe(500);
    expect((await api(daemon, '/connect', { origin: site(2) })).status).toBe(403);
    expect(readdirSync(state.dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    await daemon.close();
    state.remove();
  });

  it('listens on a hostname that resolves to loopback without --allow-lan', async () => {
    const state = tempDir();
    const daemon = await startTestDaemon(state.dir, { host: 'localhost' });
    expect((await api(daemon, '/version')).status).toBe(200);
    await daemon.close();
    state.remove();
  });
});

const runServe = (args: string[], stateDir: string) => {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--state-dir', stateDir, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (chunk) => {
    log += chunk;
  });
  // Never leave a daemon behind, even when a test fails before stopping it.
  const guard = setTimeout(() => child.kill('SIGKILL'), 12_000);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(guard);
      resolve(code);
    }),
  );
  return { child, log: () => log, exited };
};

describe('serve --host', () => {
  it('warns and refuses a non-loopback address without --allow-lan', async () => {
    const state = tempDir();
    const serve = runServe(['--host', '0.0.0.0'], state.dir);
    expect(await serve.exited).toBe(2);
    expect(serve.log()).toBe(
      'pennon-wsrx: warning: 0.0.0.0 is not a loopback address: other machines could then register sites with ' +
        'this daemon and open ports on this one. Pass --allow-lan to listen there anyway.\n',
    );
    state.remove();
  });

  it('listens there with --allow-lan, with a warning in the log', async () => {
    const state = tempDir();
    const serve = runServe(['--host', '0.0.0.0', '--allow-lan'], state.dir);
    const deadline = Date.now() + 10_000;
    while (!/daemon\.listening url=(\S+)/.test(serve.log()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(serve.log()).toMatch(/ warn daemon\.lan host=0\.0\.0\.0 /);
    const port = /daemon\.listening url=http:\/\/0\.0\.0\.0:(\d+)/.exec(serve.log())?.[1];
    expect((await fetch(`http://127.0.0.1:${port}/version`)).status).toBe(200);
    serve.child.kill('SIGTERM');
    expect(await serve.exited).toBe(0);
    state.remove();
  });
});
