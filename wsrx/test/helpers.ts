// Real servers for the tests: a TCP echo service, a platform-like WebSocket proxy in front of it, a
// daemon in a fresh state dir, and small clients.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocketServer } from 'ws';
import { type DaemonOptions, type RunningDaemon, startDaemon } from '../src/daemon.ts';
import { silentLogger } from '../src/log.ts';

export const portOf = (server: Server | HttpServer): number => (server.address() as AddressInfo).port;

const listening = <T extends Server | HttpServer>(server: T, port = 0): Promise<T> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

export const closeServer = (server: Server | HttpServer): Promise<void> =>
  new Promise((resolve) => {
    server.close(() => resolve());
    if ('closeAllConnections' in server) server.closeAllConnections();
  });

/** A TCP echo service; `sockets` lets tests close connections from the service side. */
export const startEcho = async () => {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.pipe(socket);
  });
  await listening(server);
  return {
    port: portOf(server),
    sockets,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await closeServer(server);
    },
  };
};

/**
 * Like the platform proxy: `/proxy/<id>` bridges a WebSocket to the TCP target of container `id`.
 * A plain request (the probe) gets 204 if the container exists, 404 if not.
 */
export const startProxy = async (targetPort: number) => {
  const containers = new Set<string>(['c1']);
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  const probes: string[] = [];
  const stats = { upgrades: 0 };
  const server = createHttpServer((req, res) => {
    probes.push(`${req.method} ${req.url} ${req.headers['user-agent']}`);
    const id = /^\/proxy\/([\w-]+)$/.exec(req.url ?? '')?.[1];
    res.writeHead(id && containers.has(id) ? 204 : 404).end();
  });
  server.on('upgrade', (req, socket, head) => {
    const id = /^\/proxy\/([\w-]+)$/.exec(req.url ?? '')?.[1];
    if (!id || !containers.has(id)) {
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      stats.upgrades++;
      const tcp = connect(targetPort, '127.0.0.1');
      ws.on('message', (data: Buffer) => {
        if (!tcp.write(data)) ws.pause();
      });
      tcp.on('drain', () => ws.resume());
      tcp.on('data', (chunk) => ws.send(chunk));
      tcp.on('end', () => ws.close());
      tcp.on('error', () => ws.terminate());
      ws.on('close', () => tcp.destroy());
      ws.on('error', () => tcp.destroy());
    });
  });
  await listening(server);
  const port = portOf(server);
  return {
    port,
    url: (id = 'c1') => `ws://127.0.0.1:${port}/proxy/${id}`,
    containers,
    probes,
    stats,
    wss,
    close: async () => {
      for (const ws of wss.clients) ws.terminate();
      await closeServer(server);
    },
  };
};

export const tempDir = (): { dir: string; remove: () => void } => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pennon-wsrx-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
};

export const startTestDaemon = (stateDir: string, options: DaemonOptions = {}): Promise<RunningDaemon> =>
  startDaemon({ port: 0, stateDir, logger: silentLogger, ...options });

/** A request to the daemon's API as a browser page of `origin` would make it. */
export const api = (
  daemon: { url: string },
  route: string,
  {
    origin,
    method = 'GET',
    body,
    headers = {},
  }: { origin?: string; method?: string; body?: unknown; headers?: Record<string, string> } = {},
) =>
  fetch(`${daemon.url}${route}`, {
    method,
    headers: {
      ...(origin ? { Origin: origin } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });

/** Registers `origin` and approves it through the control API. */
export const approvedScope = async (
  daemon: RunningDaemon,
  origin: string,
  body: unknown = { name: 'Test CTF' },
) => {
  await api(daemon, '/connect', { origin, method: 'POST', body });
  daemon.context.scopes.allow(origin);
};

export const connectTcp = (port: number, host = '127.0.0.1'): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, host, () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });

export const localPort = (local: string): number => Number(local.slice(local.lastIndexOf(':') + 1));

/** Writes `data` and reads until `data.length` bytes came back. */
export const roundTrip = (socket: Socket, data: Buffer): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= data.length) {
        socket.off('data', onData);
        socket.off('error', reject);
        resolve(Buffer.concat(chunks));
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.write(data);
  });

/** Resolves when the socket closes; `ended` tells whether the peer sent FIN first. */
export const closed = (socket: Socket): Promise<{ ended: boolean }> =>
  new Promise((resolve) => {
    let ended = false;
    socket.on('end', () => {
      ended = true;
    });
    socket.on('error', () => {});
    socket.resume();
    if (socket.destroyed) resolve({ ended });
    else socket.once('close', () => resolve({ ended }));
  });

export const waitFor = async (
  check: () => boolean | Promise<boolean>,
  timeoutMs = 5_000,
  what = 'condition',
) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
