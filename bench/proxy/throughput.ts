// The container path a player uses, measured on this machine's engine (scripts/container-engine-up.sh):
//  1. start request → reachable: ContainerService.start on a busybox flag container until its flag is read;
//  2. the platform proxy (/api/proxy/{guid}, a WebSocket) against direct TCP, on loopback to a TCP sink/echo
//     service registered as a container record: upload and download MB/s, median one-byte round trip.
// Run: npx tsx bench/proxy/throughput.ts   (bounded: gives up after 60 s)
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { buildApp } from '../../server/src/app.ts';
import { connect as connectDb, migrate } from '../../server/src/db/database.ts';
import { readSettings } from '../../server/src/settings.ts';

const BULK = 256 * 1024 * 1024;
const PINGS = 2_000;
const STARTS = 5;
const IMAGE = process.env.PENNON_TEST_CONTAINER_IMAGE || 'localhost/pennon-busybox:latest';
const SOCKET = process.env.PENNON_TEST_DOCKER_SOCKET || '/var/run/docker.sock';

const watchdog = setTimeout(() => {
  console.error('bench: over 60 s, giving up');
  process.exit(1);
}, 60_000);

/** The far end: 'u'+n swallows n bytes then acks, 'd'+n sends n bytes, 'e' echoes. */
const service = createServer((socket) => {
  socket.setNoDelay(true);
  socket.on('error', () => {});
  let header = Buffer.alloc(0);
  const onData = (data: Buffer) => {
    header = Buffer.concat([header, data]);
    if (header.length < 1) return;
    const mode = String.fromCharCode(header[0] ?? 0);
    if (mode === 'e') {
      socket.off('data', onData);
      if (header.length > 1) socket.write(header.subarray(1));
      socket.pipe(socket);
      return;
    }
    if (header.length < 9) return;
    const count = Number(header.readBigUInt64BE(1));
    const rest = header.subarray(9);
    socket.off('data', onData);
    if (mode === 'u') {
      let got = rest.length;
      const check = () => {
        if (got >= count) socket.write('k');
      };
      socket.on('data', (chunk: Buffer) => {
        got += chunk.length;
        check();
      });
      check();
    } else {
      const chunk = Buffer.alloc(256 * 1024, 0x5a);
      let sent = 0;
      const pump = () => {
        while (sent < count) {
          sent += chunk.length;
          if (!socket.write(chunk)) return void socket.once('drain', pump);
        }
      };
      pump();
    }
  };
  socket.on('data', onData);
});
await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
const servicePort = (service.address() as AddressInfo).port;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pennon-proxy-bench-'));
const settings = readSettings({
  PENNON_DATA_DIR: dataDir,
  PENNON_WEB_DIR: path.join(dataDir, 'no-web'),
  PENNON_PORT_MAPPING: 'PlatformProxy',
  PENNON_DOCKER_HOST: SOCKET,
  PENNON_RATE_LIMIT: 'off',
});
const connection = connectDb(settings.databaseUrl);
await migrate(connection.db);
const app = await buildApp({ settings, connection });
await app.listen({ port: 0, host: '127.0.0.1' });
const serverPort = (app.server.address() as AddressInfo).port;

/** A duplex byte stream through the proxy, shaped like a socket for the measurements. */
interface Pipe {
  write(data: Buffer): boolean;
  onData(listener: (data: Buffer) => void): void;
  drained(): Promise<void>;
  close(): void;
}

const tcpPipe = (port: number) =>
  new Promise<Pipe>((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1', () =>
      resolve({
        write: (data) => socket.write(data),
        onData: (listener) => socket.on('data', listener),
        drained: () => new Promise((r) => socket.once('drain', r)),
        close: () => socket.destroy(),
      }),
    );
    socket.setNoDelay(true);
    socket.once('error', reject);
  });

const wsPipe = (guid: string) =>
  new Promise<Pipe>((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${serverPort}/api/proxy/${guid}`, { perMessageDeflate: false });
    ws.once('open', () =>
      resolve({
        write: (data) => {
          ws.send(data, { binary: true });
          return ws.bufferedAmount < 4 * 1024 * 1024;
        },
        onData: (listener) => ws.on('message', (data: Buffer) => listener(data)),
        drained: async () => {
          while (ws.bufferedAmount > 1024 * 1024) await new Promise((r) => setTimeout(r, 1));
        },
        close: () => ws.terminate(),
      }),
    );
    ws.once('error', reject);
  });

const header = (mode: string, count: number) => {
  const buffer = Buffer.alloc(9);
  buffer.write(mode, 0);
  buffer.writeBigUInt64BE(BigInt(count), 1);
  return buffer;
};

const upload = async (pipe: Pipe) => {
  const chunk = Buffer.alloc(256 * 1024, 0xa5);
  const acked = new Promise<void>((resolve) => pipe.onData(() => resolve()));
  const started = performance.now();
  pipe.write(header('u', BULK));
  for (let sent = 0; sent < BULK; sent += chunk.length) if (!pipe.write(chunk)) await pipe.drained();
  await acked;
  pipe.close();
  return BULK / 1e6 / ((performance.now() - started) / 1000);
};

const download = async (pipe: Pipe) => {
  const started = performance.now();
  await new Promise<void>((resolve) => {
    let got = 0;
    pipe.onData((data) => {
      got += data.length;
      if (got >= BULK) resolve();
    });
    pipe.write(header('d', BULK));
  });
  pipe.close();
  return BULK / 1e6 / ((performance.now() - started) / 1000);
};

const rtt = async (pipe: Pipe) => {
  let waiting: (() => void) | undefined;
  pipe.onData(() => waiting?.());
  pipe.write(Buffer.from('e'));
  const samples: number[] = [];
  for (let i = 0; i < PINGS + 100; i++) {
    const started = performance.now();
    await new Promise<void>((resolve) => {
      waiting = resolve;
      pipe.write(Buffer.from('x'));
    });
    if (i >= 100) samples.push((performance.now() - started) * 1000);
  }
  pipe.close();
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? Number.NaN;
};

const readFlag = (host: string, port: number): Promise<string> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host, port });
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', () => resolve(''));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString()));
  });

try {
  // 1. start → reachable (through the container's internal address, as the proxy reaches it).
  const starts: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const flag = `flag{${randomUUID()}}`;
    const started = performance.now();
    const record = await app.containers.start({
      spec: {
        image: IMAGE,
        env: { GZCTF_FLAG: flag },
        exposedPort: 9999,
        memoryMb: 64,
        cpuCount: 10,
        command: ['sh', '-c', 'while true; do echo "$GZCTF_FLAG" | nc -l -p 9999; done'],
      },
    });
    while ((await readFlag(record.ip, record.port)).trim() !== flag) {
      await new Promise((r) => setTimeout(r, 5));
    }
    starts.push(performance.now() - started);
    await app.containers.stop(record.id);
  }
  starts.sort((a, b) => a - b);

  // 2. proxy vs direct, to a local service registered as a container record.
  const guid = randomUUID();
  await connection.db
    .insertInto('containers')
    .values({
      id: guid,
      runtime_id: 'bench',
      image: 'bench',
      ip: '127.0.0.1',
      port: servicePort,
      public_ip: null,
      public_port: null,
      started_at: Date.now(),
      expect_stop_at: Date.now() + 3_600_000,
      status: 'Running',
      instance_id: null,
      is_proxy: 1,
    })
    .execute();
  const results = {
    direct: {
      up: await upload(await tcpPipe(servicePort)),
      down: await download(await tcpPipe(servicePort)),
      rtt: await rtt(await tcpPipe(servicePort)),
    },
    proxy: {
      up: await upload(await wsPipe(guid)),
      down: await download(await wsPipe(guid)),
      rtt: await rtt(await wsPipe(guid)),
    },
  };
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  console.log(
    `start → reachable (${STARTS} runs): median ${ms(starts[2] ?? 0)}, min ${ms(starts[0] ?? 0)}, max ${ms(starts.at(-1) ?? 0)}`,
  );
  const fmt = (n: number) => n.toFixed(0).padStart(7);
  console.log(`platform proxy bench (loopback, ${BULK / 1024 / 1024} MiB each way, ${PINGS} pings)`);
  console.log('            upload MB/s  download MB/s  median RTT µs');
  for (const [name, r] of Object.entries(results)) {
    console.log(`${name.padEnd(10)}  ${fmt(r.up)}      ${fmt(r.down)}        ${fmt(r.rtt)}`);
  }
  console.log(`added round trip: ${((results.proxy.rtt - results.direct.rtt) / 1000).toFixed(3)} ms`);
} finally {
  clearTimeout(watchdog);
  await app.close();
  service.close();
}
