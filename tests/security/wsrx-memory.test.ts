// Issue 43 §2: memory a remote cannot make the wsrx daemon hold. The daemon runs as a process of its own (its
// `serve` command); a hostile platform-like remote answers each tunnel connection with a 64 KiB message (what a
// container's TCP read brings) and then one message of 48 MiB in a single frame. The daemon passes the first on,
// closes the WebSocket with 1009 (message too big) on the second's header instead of holding it (it took 64 MiB
// messages), cuts the player's TCP connection, and its resident memory (VmRSS) comes back.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { peakRssMiB, resetPeakRss, rssMiB, settledRssMiB } from '../support/memory.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SITE = 'https://ctf.example.com';
const MiB = 1024 * 1024;
const CONNECTIONS = 10;
/** What a container's TCP read brings: passed on. */
const READ = Buffer.alloc(64 * 1024, 'r');
/** One message the daemon must not hold (under the 64 MiB it used to take). */
const HUGE = Buffer.alloc(48 * MiB, 'h');
/**
 * Growth of the daemon's resident memory allowed, at its peak and once the connections are gone: the ten messages
 * held would be 480 MiB; the rest is V8's young generation, which a busy machine lets grow further before it
 * collects (a peak of 61 MiB was seen with the whole suite running beside).
 */
const BOUND_MIB = 96;

/** A platform-like remote: 204 to the probe; each WebSocket gets `READ`, then `HUGE`, then a close; how each closed is kept. */
const startHostileRemote = async () => {
  const closes: number[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  const server = createServer((_req, res) => res.writeHead(204).end());
  server.on('upgrade', (req, socket, head) =>
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('error', () => {});
      ws.on('close', (code) => {
        closes.push(code);
        for (const wait of waiting) if (closes.length >= wait.count) wait.resolve();
      });
      ws.send(READ, { binary: true });
      ws.send(HUGE, { binary: true });
      ws.close(1000);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/proxy/c1`,
    closes,
    /** Resolves once `count` WebSockets in all have closed. */
    closed: (count: number) => new Promise<void>((resolve) => waiting.push({ count, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const ws of wss.clients) ws.terminate();
        server.close(() => resolve());
      }),
  };
};

/** `pennon-wsrx`'s main, from the sources (its bin runs the build). */
const CLI = `process.exitCode = await (await import(${JSON.stringify(path.join(root, 'wsrx/src/cli.ts'))})).main(process.argv.slice(1));`;

/** The daemon's own process in a fresh state directory, with `SITE` approved. */
const startDaemon = async (stateDir: string): Promise<{ child: ChildProcess; url: string }> => {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '--eval',
      CLI,
      'serve',
      '--port',
      '0',
      '--state-dir',
      stateDir,
      '--allow-origin',
      SITE,
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /daemon\.listening url=(http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (found?.[1]) resolve(found[1]);
    });
    child.once('exit', (code) => reject(new Error(`the daemon exited (${code}): ${output}`)));
  });
  return { child, url };
};

/**
 * A player's TCP connection to the tunnel: the bytes it received once the daemon closes it, or once more than
 * `READ` came (the refused message is being passed on: the player hangs up).
 */
const player = (port: number): Promise<number> =>
  new Promise((resolve) => {
    let received = 0;
    const socket = connect(port, '127.0.0.1');
    socket.on('data', (chunk) => {
      received += chunk.length;
      if (received > READ.length) socket.destroy();
    });
    socket.on('error', () => {});
    socket.once('close', () => resolve(received));
  });

describe('the wsrx daemon', () => {
  let daemon: { child: ChildProcess; url: string };
  let remote: Awaited<ReturnType<typeof startHostileRemote>>;
  let stateDir = '';

  beforeAll(async () => {
    stateDir = mkdtempSync(path.join(tmpdir(), 'pennon-wsrx-memory-'));
    remote = await startHostileRemote();
    daemon = await startDaemon(stateDir);
  });

  afterAll(async () => {
    daemon?.child.kill('SIGTERM');
    await remote?.close();
    rmSync(stateDir, { recursive: true, force: true });
  });

  it('closes a remote’s message over 1 MiB with 1009 and gives the memory back', async () => {
    const pid = daemon.child.pid as number;
    const opened = await fetch(`${daemon.url}/pool`, {
      method: 'POST',
      headers: { Origin: SITE, 'Content-Type': 'application/json' },
      body: JSON.stringify({ remote: remote.url, local: '127.0.0.1:0' }),
    });
    expect(opened.status).toBe(200);
    const { local } = (await opened.json()) as { local: string };
    const port = Number(local.split(':').at(-1));

    // One connection first, so the baseline has the bridge's code loaded.
    await player(port);
    await remote.closed(1);
    resetPeakRss(pid);
    const baseline = rssMiB(pid);
    const started = performance.now();
    const received = await Promise.all(Array.from({ length: CONNECTIONS }, () => player(port)));
    await remote.closed(1 + CONNECTIONS);
    const seconds = (performance.now() - started) / 1000;
    const peak = peakRssMiB(pid);
    const settled = await settledRssMiB(pid, baseline + BOUND_MIB);
    console.log(
      `wsrx daemon, ${CONNECTIONS} connections each sent a 64 KiB and a ${HUGE.length / MiB} MiB message: ` +
        `closed with ${[...new Set(remote.closes)].join(', ')} in ${seconds.toFixed(2)} s; RSS ` +
        `${baseline.toFixed(0)} MiB before, peak ${peak.toFixed(0)}, ${settled.toFixed(0)} after`,
    );
    expect(remote.closes).toEqual(Array(1 + CONNECTIONS).fill(1009));
    // The player got what a container's read brings, nothing of the refused message.
    expect(received).toEqual(Array(CONNECTIONS).fill(READ.length));
    expect(peak - baseline).toBeLessThan(BOUND_MIB);
    expect(settled - baseline).toBeLessThan(BOUND_MIB);
  });
});
