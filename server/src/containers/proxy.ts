// The platform proxy (§2.8, §4.17): a WebSocket per TCP connection to a challenge container, the container
// GUID as the only credential. Checks run in the order players' tunnels (wsrx) rely on:
//   400 port mapping is not PlatformProxy → 404 unknown container → 204 not an upgrade → 400 connection cap
//   → 418 TCP connect failed → 101 and the byte pump.
// The per-container counter is tied to the client socket's close, so every path out releases it. A player's
// message (a frame, or fragments adding up) over `PROXY_MAX_MESSAGE_BYTES` closes the socket with 1009 before it is held.
import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { PROXY_MAX_MESSAGE_BYTES } from '@pennon/sdk/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import { DomainError } from '../errors/domain-error.ts';
import { negotiateLocale, translate } from '../i18n/catalogs.ts';
import { msg, type Text } from '../i18n/message.ts';
import { BoundedWebSocket } from '../raw-request/bounded-websocket.ts';
import { refuseTooMany, refuseUpgrade } from '../raw-request/upgrade-refusal.ts';
import type { CaptureTap, TrafficCapture } from './capture.ts';
import type { ContainerRecord, ContainerService } from './container-service.ts';

/** GZ::CTF lets a connection in while the count is ≤ 32, so 33 fit. */
export const MAX_CONNECTIONS = 32;
export const SESSION_LIMIT_MS = 30 * 60_000;
const VALIDITY_TTL_MS = 10_000;
const CONNECT_TIMEOUT_MS = 5_000;
/** Pause reading the container while this much waits to go out to the player. */
const WS_HIGH_WATER = 4 * 1024 * 1024;
const WS_LOW_WATER = 1024 * 1024;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PROXY_PATH = /^\/api\/proxy\/(?:(noinst)\/)?([^/?#]+)\/?(?:[?#].*)?$/i;

export interface ProxyOptions {
  containers: ContainerService;
  /** How long a validity answer is reused (default 10 s). */
  validityTtlMs?: number;
  sessionLimitMs?: number;
  /** Records the connections of containers that have traffic capture on (§4.16). */
  capture?: TrafficCapture;
  /** The client's address (X-Forwarded-For when the proxy in front is trusted); the socket's by default. */
  clientAddress?: (request: IncomingMessage) => string;
  /** The global rate limit (§1.7) for an upgrade: ms to wait, or null to go ahead. */
  admit?: (address: string) => Promise<number | null>;
  log?: FastifyBaseLogger;
}

type Verdict = { ok: true; record: ContainerRecord } | { ok: false; status: number; title: Text };

const fail = (status: number, title: Text): Verdict => ({ ok: false, status, title });

export class ContainerProxy {
  private readonly cache = new Map<string, { record: ContainerRecord | undefined; until: number }>();
  private readonly counters = new Map<string, number>();
  private readonly sessions = new Set<{ close(): void }>();
  private readonly wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    skipUTF8Validation: true,
    maxPayload: PROXY_MAX_MESSAGE_BYTES,
    WebSocket: BoundedWebSocket,
  });
  private readonly ttl: number;
  private readonly sessionLimit: number;

  constructor(private readonly options: ProxyOptions) {
    this.ttl = options.validityTtlMs ?? VALIDITY_TTL_MS;
    this.sessionLimit = options.sessionLimitMs ?? SESSION_LIMIT_MS;
    options.containers.onDestroy((guid) => this.cache.delete(guid.toLowerCase()));
  }

  /** Live connections to a container (for tests and the admin pages). */
  connections(guid: string): number {
    return this.counters.get(guid.toLowerCase()) ?? 0;
  }

  private async lookup(guid: string): Promise<ContainerRecord | undefined> {
    const key = guid.toLowerCase();
    const cached = this.cache.get(key);
    if (cached && cached.until > Date.now()) return cached.record;
    const record = GUID.test(guid) ? await this.options.containers.get(key) : undefined;
    this.cache.set(key, { record, until: Date.now() + this.ttl });
    return record;
  }

  /** Steps 1–2 of the order: proxying on, and a proxied container that runs (noinst: not bound to an instance). */
  async check(guid: string, noinst: boolean): Promise<Verdict> {
    if (this.options.containers.portMapping !== 'PlatformProxy') return fail(400, msg`TCP proxy is disabled`);
    const record = await this.lookup(guid);
    const usable =
      record?.status === 'Running' && record.is_proxy && !(noinst && record.instance_id !== null);
    return usable ? { ok: true, record } : fail(404, msg`Container does not exist`);
  }

  /** Takes a connection slot; the returned release is idempotent. Undefined when the container is full. */
  private acquire(guid: string): (() => void) | undefined {
    const count = this.counters.get(guid) ?? 0;
    if (count > MAX_CONNECTIONS) return undefined;
    this.counters.set(guid, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.counters.get(guid) ?? 1) - 1;
      if (left > 0) this.counters.set(guid, left);
      else this.counters.delete(guid);
    };
  }

  /** Handles an HTTP upgrade if it is for the proxy; false leaves it to others. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const match = PROXY_PATH.exec(request.url ?? '');
    if (!match?.[2]) return false;
    socket.on('error', () => socket.destroy());
    void this.upgrade(request, socket, head, decodeURIComponent(match[2]), match[1] !== undefined).catch(
      (error: unknown) => {
        this.options.log?.error({ err: error }, 'proxy upgrade failed');
        refuseUpgrade(request, socket, 500, 'Internal server error');
      },
    );
    return true;
  }

  private async upgrade(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    id: string,
    noinst: boolean,
  ): Promise<void> {
    const address = this.options.clientAddress?.(request) ?? request.socket.remoteAddress ?? '';
    const wait = await this.options.admit?.(address);
    if (wait != null) return refuseTooMany(request, socket, wait);
    const verdict = await this.check(id, noinst);
    if (!verdict.ok) return refuseUpgrade(request, socket, verdict.status, verdict.title);
    const { record } = verdict;
    let release = () => {};
    if (!noinst) {
      const acquired = this.acquire(record.id);
      if (!acquired) return refuseUpgrade(request, socket, 400, msg`Container connection limit reached`);
      release = acquired;
    }
    // From here every way out ends with the client socket closing, and that releases the slot.
    socket.once('close', release);
    if (socket.destroyed) return release();

    let upstream: net.Socket;
    try {
      upstream = await connectTcp(record.ip, record.port);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      return refuseUpgrade(request, socket, 418, msg`Failed to connect to the container (${code})`);
    }
    if (socket.destroyed) {
      upstream.destroy();
      return;
    }
    socket.once('close', () => upstream.destroy());
    let tap: CaptureTap | undefined;
    if (!noinst && record.traffic_capture && this.options.capture) {
      tap = await this.options.capture.open(record, address).catch((error: unknown) => {
        this.options.log?.warn({ err: error, container: record.id }, 'traffic capture failed');
        return undefined;
      });
      if (tap) socket.once('close', () => tap?.close());
      if (socket.destroyed) return tap?.close();
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      ws.tooBigReason = translate(
        msg`The message is too large`,
        negotiateLocale(request.headers['accept-language']),
      );
      this.pump(ws, upstream, record.id, tap);
    });
  }

  private pump(ws: WebSocket, tcp: net.Socket, guid: string, tap?: CaptureTap): void {
    let done = false;
    const session = {
      close: () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        this.sessions.delete(session);
        tap?.close();
        tcp.destroy();
        if (ws.readyState === WebSocket.OPEN) ws.close();
        // A peer that never answers the close frame is cut off.
        setTimeout(() => ws.terminate(), 2_000).unref();
      },
    };
    this.sessions.add(session);
    const timer = setTimeout(() => session.close(), this.sessionLimit);
    timer.unref();

    tcp.setNoDelay(true);
    let tcpPaused = false;
    const afterSend = () => {
      if (tcpPaused && ws.bufferedAmount < WS_LOW_WATER) {
        tcpPaused = false;
        tcp.resume();
      }
    };
    tcp.on('data', (chunk: Buffer) => {
      if (ws.readyState !== WebSocket.OPEN) return;
      tap?.fromServer(chunk);
      ws.send(chunk, { binary: true }, afterSend);
      if (!tcpPaused && ws.bufferedAmount > WS_HIGH_WATER) {
        tcpPaused = true;
        tcp.pause();
      }
    });
    tcp.on('end', () => session.close());
    tcp.on('close', () => session.close());
    tcp.on('error', () => session.close());

    ws.on('message', (data: RawData) => {
      // binaryType is the default nodebuffer: a Buffer per message.
      const chunks = Array.isArray(data) ? data : [data as Buffer];
      let ok = true;
      for (const chunk of chunks) {
        tap?.fromClient(chunk);
        ok = tcp.write(chunk) && ok;
      }
      if (!ok && !ws.isPaused) {
        ws.pause();
        tcp.once('drain', () => ws.resume());
      }
    });
    ws.on('close', () => session.close());
    ws.on('error', () => session.close());
    this.options.log?.debug({ container: guid }, 'proxy session opened');
  }

  /** Ends every live session (server shutdown). */
  closeAll(): void {
    for (const session of [...this.sessions]) session.close();
    this.wss.close();
  }
}

const connectTcp = (host: string, port: number): Promise<net.Socket> =>
  new Promise((resolve, reject) => {
    const socket = net.connect({ host, port, timeout: CONNECT_TIMEOUT_MS });
    const onError = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.once('error', onError);
    socket.once('timeout', () => onError(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    socket.once('connect', () => {
      socket.off('error', onError);
      socket.setTimeout(0);
      resolve(socket);
    });
  });

/** Registers the proxy routes: plain requests through Fastify (204/400/404), upgrades on the HTTP server. */
export const registerProxy = (app: FastifyInstance, proxy: ContainerProxy): void => {
  const plain = (noinst: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { id } = request.params as { id: string };
    const verdict = await proxy.check(id, noinst);
    if (!verdict.ok) throw new DomainError(verdict.status, verdict.title);
    return reply.code(204).send();
  };
  app.all('/api/proxy/:id', { schema: { hide: true } }, plain(false));
  app.all('/api/proxy/noinst/:id', { schema: { hide: true } }, plain(true));
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (proxy.handleUpgrade(request, socket, head)) return;
    // Nothing else upgrades yet: answer rather than leave the socket hanging.
    if (app.server.listenerCount('upgrade') === 1)
      refuseUpgrade(request, socket, 404, msg`Not found: ${request.method} ${request.url}`);
  });
  app.addHook('onClose', async () => proxy.closeAll());
};
