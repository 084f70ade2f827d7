// Throughput and round-trip latency through a pennon-wsrx tunnel versus a direct TCP connection, on
// loopback. Three processes: this client, the daemon (`pennon-wsrx serve`) and the far end (remote.ts).
// Run: npx tsx bench/wsrx/throughput.ts   (finishes in well under 30 s)
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const BIN = path.resolve(here, '../../wsrx/bin/pennon-wsrx.mjs');
const BULK = 512 * 1024 * 1024;
const PINGS = 2_000;
const ORIGIN = 'https://bench.example.com';

const children: ChildProcess[] = [];
const stateDir = mkdtempSync(path.join(tmpdir(), 'pennon-wsrx-bench-'));
const cleanup = () => {
  for (const child of children) child.kill('SIGTERM');
  rmSync(stateDir, { recursive: true, force: true });
};
const watchdog = setTimeout(() => {
  console.error('bench: over 30 s, giving up');
  cleanup();
  process.exit(1);
}, 30_000);

/** Starts a process and resolves with the first stdout or stderr line that matches. */
const start = (args: string[], pattern: RegExp, stream: 'stdout' | 'stderr'): Promise<RegExpExecArray> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
    createInterface({ input: child[stream] }).on('line', (line) => {
      const match = pattern.exec(line);
      if (match) resolve(match);
    });
  });

const dial = (port: number): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.setNoDelay(true);
    socket.once('error', reject);
  });

const header = (mode: string, count: number) => {
  const buffer = Buffer.alloc(9);
  buffer.write(mode, 0);
  buffer.writeBigUInt64BE(BigInt(count), 1);
  return buffer;
};

const upload = async (port: number): Promise<number> => {
  const socket = await dial(port);
  const chunk = Buffer.alloc(256 * 1024, 0xa5);
  const started = performance.now();
  const acked = new Promise<void>((resolve) => socket.once('data', () => resolve()));
  socket.write(header('u', BULK));
  for (let sent = 0; sent < BULK; sent += chunk.length) {
    if (!socket.write(chunk)) await new Promise((resolve) => socket.once('drain', resolve));
  }
  await acked;
  const seconds = (performance.now() - started) / 1000;
  socket.destroy();
  return BULK / 1e6 / seconds;
};

const download = async (port: number): Promise<number> => {
  const socket = await dial(port);
  const started = performance.now();
  let got = 0;
  await new Promise<void>((resolve) => {
    socket.on('data', (data: Buffer) => {
      got += data.length;
      if (got >= BULK) resolve();
    });
    socket.write(header('d', BULK));
  });
  const seconds = (performance.now() - started) / 1000;
  socket.destroy();
  return BULK / 1e6 / seconds;
};

/** Median round trip of one byte, in microseconds. */
const pingPong = async (port: number): Promise<number> => {
  const socket = await dial(port);
  socket.write('e');
  const samples: number[] = [];
  const one = Buffer.from('x');
  for (let i = 0; i < PINGS + 100; i++) {
    const started = performance.now();
    await new Promise<void>((resolve) => {
      socket.once('data', () => resolve());
      socket.write(one);
    });
    if (i >= 100) samples.push((performance.now() - started) * 1000);
  }
  socket.destroy();
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? Number.NaN;
};

try {
  const [remoteLine, daemonLine] = await Promise.all([
    start(['--import', 'tsx', path.join(here, 'remote.ts')], /^(\{.*\})$/, 'stdout'),
    start(
      [
        BIN,
        'serve',
        '--port',
        '0',
        '--state-dir',
        stateDir,
        '--allow-origin',
        ORIGIN,
        '--probe-interval',
        '60000',
      ],
      /daemon\.listening url=(\S+)/,
      'stderr',
    ),
  ]);
  const ports = JSON.parse(remoteLine[1] ?? '{}') as { tcp: number; ws: number };
  const daemonUrl = daemonLine[1] ?? '';
  const response = await fetch(`${daemonUrl}/pool`, {
    method: 'POST',
    headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
    body: JSON.stringify({ remote: `ws://127.0.0.1:${ports.ws}/bench`, local: '127.0.0.1:0' }),
  });
  if (!response.ok) throw new Error(`POST /pool: ${response.status} ${await response.text()}`);
  const local = ((await response.json()) as { local: string }).local;
  const tunnelPort = Number(local.split(':').at(-1));

  const results = {
    direct: { up: await upload(ports.tcp), down: await download(ports.tcp), rtt: await pingPong(ports.tcp) },
    tunnel: {
      up: await upload(tunnelPort),
      down: await download(tunnelPort),
      rtt: await pingPong(tunnelPort),
    },
  };
  const fmt = (n: number) => n.toFixed(0).padStart(7);
  console.log(`pennon-wsrx tunnel bench (loopback, ${BULK / 1024 / 1024} MiB each way, ${PINGS} pings)`);
  console.log('            upload MB/s  download MB/s  median RTT µs');
  for (const [name, r] of Object.entries(results)) {
    console.log(`${name.padEnd(10)}  ${fmt(r.up)}      ${fmt(r.down)}        ${fmt(r.rtt)}`);
  }
  console.log(`added round trip: ${((results.tunnel.rtt - results.direct.rtt) / 1000).toFixed(3)} ms`);
} finally {
  clearTimeout(watchdog);
  cleanup();
}
