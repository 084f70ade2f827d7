// The SignalR hubs of §1.9 on our own small server: the WebSocket transport on `/hub/{name}` (text frames, JSON hub
// protocol), behind `POST /hub/{user|monitor|admin}/negotiate` (hub-routes.ts). Bus messages go to the connections of their hub and
// game. Who may connect is checked at negotiate and again at the upgrade (hub-admission.ts), and a connection ends
// when the credential that opened it is revoked (hub-credentials.ts). An upgrade counts against the client's rate
// limit like any request. Open connections are capped per client address and in all: negotiate answers 429/503 at
// the cap; an upgrade over it gets the reason as its handshake's error (what SignalR clients show) and as the reason
// of a 1013 close (try again later). A client message, or a record split over several, longer than
// `maxMessageBytes` closes the socket with 1009 before more of it is held.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { HubMethods, type ScoreboardUpdate } from '@pennon/sdk/contract';
import type { Locale } from '@pennon/sdk/locales';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import { seesLiveBoard } from '../games/freeze.ts';
import { negotiateLocale, translate } from '../i18n/catalogs.ts';
import { type Message, msg } from '../i18n/message.ts';
import { type ProxyTrust, trustNobody } from '../proxy-trust.ts';
import { BoundedWebSocket, messageTooBig } from '../raw-request/bounded-websocket.ts';
import { platformOrigin } from '../raw-request/cross-site.ts';
import { forwardedOrigin } from '../raw-request/forwarded.ts';
import { overHttps } from '../raw-request/session-cookie.ts';
import { refuseTooMany, refuseUpgrade } from '../raw-request/upgrade-refusal.ts';
import type { HubLimits } from '../settings.ts';
import type { LiveMessage } from './bus.ts';
import { type AdmissionOptions, type Credentials, HubAdmission, type HubName } from './hub-admission.ts';
import { Connection, refuse, revoke } from './hub-connection.ts';
import { type Holder, HubCredentials } from './hub-credentials.ts';
import {
  closeFrame,
  frame,
  handshakeError,
  invocationFrame,
  MessageType,
  parseRecord,
  pingFrame,
  splitRecords,
} from './protocol.ts';

export type { HubName } from './hub-admission.ts';

export interface HubOptions extends AdmissionOptions {
  /** The client address of a raw request (negotiate or upgrade), read as everywhere else in the server. */
  clientAddress: (request: IncomingMessage) => string;
  /** The global rate limit (§1.7) for an upgrade: ms to wait, or null to go ahead. */
  admit?: (address: string) => Promise<number | null>;
  limits: HubLimits;
  /** PENNON_PUBLIC_URL: its origin is the platform's own; unset, each request's is. */
  publicUrl?: string | undefined;
  /** PENNON_TRUST_PROXY: whose X-Forwarded-Proto and -Host say an upgrade's own origin; unset: nobody's. */
  trustProxy?: ProxyTrust;
  /** Keep-alive ping interval (the official client expects one within 30 s). */
  pingIntervalMs?: number;
  /** A client silent this long (no ping, nothing) is dropped. */
  clientTimeoutMs?: number;
  /** Time allowed for the handshake after the socket opens. */
  handshakeTimeoutMs?: number;
  /** A connection whose unsent data grows past this many bytes is dropped (a slow or stuck reader). */
  maxBufferedBytes?: number;
  /** Called while monitor or admin clients are connected here (the bus's `watch`); its answer once none are. */
  watch?: () => () => void;
}

/** Why one more connection is refused: too many from its address (429) or in all (503). */
interface Refusal {
  status: 429 | 503;
  title: Message;
}

/** How often every open connection's credential is checked again, whatever the bus said. */
const credentialSweepMs = 60_000;

/**
 * The largest message a client may send: SignalR clients send only the handshake, pings and close messages (no
 * client→server methods exist), and ASP.NET Core's hubs (GZ::CTF's) refuse more than 32 KB by default too.
 */
export const maxMessageBytes = 32 * 1024;

const hubPath = /^\/hub\/(user|monitor|admin)\/?$/i;

const groupKey = (hub: HubName, gameId: number | null) => `${hub}:${gameId ?? ''}`;
/** Whether a group's hub is the monitor's or the admin's, whose messages the bus brings only where asked. */
const watched = (key: string) => !key.startsWith('user:');

export class HubServer {
  readonly #groups = new Map<string, Set<Connection>>();
  readonly #wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: maxMessageBytes,
    WebSocket: BoundedWebSocket,
  });
  readonly #admission: HubAdmission;
  readonly #credentials: HubCredentials<Connection>;
  readonly #pingMs: number;
  readonly #timeoutMs: number;
  readonly #handshakeMs: number;
  readonly #maxBuffered: number;
  /** Open sockets (handshaken or not) per client address, and in all. */
  readonly #perAddress = new Map<string, number>();
  #open = 0;
  /** Monitor and admin connections, and what stops the bus bringing their messages while there are none. */
  #watchers = 0;
  #unwatch: (() => void) | undefined;
  #timer: NodeJS.Timeout | undefined;
  #sweeper: NodeJS.Timeout | undefined;
  readonly #trusted: ProxyTrust;

  constructor(private readonly options: HubOptions) {
    this.#admission = new HubAdmission(options);
    this.#credentials = new HubCredentials(options, (connection) => revoke(connection));
    this.#pingMs = options.pingIntervalMs ?? 15_000;
    this.#timeoutMs = options.clientTimeoutMs ?? 30_000;
    this.#handshakeMs = options.handshakeTimeoutMs ?? 15_000;
    this.#maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
    this.#trusted = options.trustProxy ?? trustNobody;
  }

  /** How many connections completed the handshake, per `hub:game` group. */
  get size(): number {
    let n = 0;
    for (const group of this.#groups.values()) n += group.size;
    return n;
  }

  /** Connections that completed the handshake, per hub. */
  connectionsByHub(): Map<HubName, number> {
    const counts = new Map<HubName, number>([
      ['user', 0],
      ['monitor', 0],
      ['admin', 0],
    ]);
    for (const [key, group] of this.#groups) {
      const hub = key.slice(0, key.indexOf(':')) as HubName;
      counts.set(hub, (counts.get(hub) ?? 0) + group.size);
    }
    return counts;
  }

  /** Whether one more connection from `address` would pass the caps; null when it would. */
  refusal(address: string): Refusal | null {
    if ((this.#perAddress.get(address) ?? 0) >= this.options.limits.perAddress) {
      return { status: 429, title: msg`Too many live connections from your address` };
    }
    if (this.#open >= this.options.limits.total) {
      return { status: 503, title: msg`Too many live connections to the server` };
    }
    return null;
  }

  start(): void {
    this.#timer ??= setInterval(() => this.#tick(), this.#pingMs);
    this.#timer.unref();
    this.#sweeper ??= setInterval(() => void this.#credentials.sweep(), credentialSweepMs);
    this.#sweeper.unref();
  }

  /** Whether this caller may connect to `hub`. */
  admit(hub: HubName, credentials: Credentials) {
    return this.#admission.admit(hub, credentials);
  }

  /** Delivers one bus message to the connections of its hub (and game), or closes those it revoked. */
  deliver(message: LiveMessage): void {
    this.#credentials.heard(message);
    // The other hubs of the bus are between server processes only.
    if (message.hub !== 'user' && message.hub !== 'monitor' && message.hub !== 'admin') return;
    const group = this.#groups.get(groupKey(message.hub, message.hub === 'admin' ? null : message.gameId));
    if (!group?.size) return;
    const data = invocationFrame(message.method, message.payload);
    const users = 'users' in message ? new Set(message.users) : undefined;
    for (const connection of group)
      if (!users || (connection.userId !== undefined && users.has(connection.userId))) connection.send(data);
  }

  /** How many connections of the user hub of `gameId` asked for scoreboard pushes. */
  scoreboardWatchers(gameId: number): number {
    let n = 0;
    for (const connection of this.#groups.get(groupKey('user', gameId)) ?? []) if (connection.scoreboard) n++;
    return n;
  }

  /**
   * Tells the connections of `gameId` that asked for it that its scoreboard changed (this process's only). While
   * the game is frozen, `shown` is what everyone but admins and monitors is told: nothing (null) when their board
   * did not change.
   */
  pushScoreboard(gameId: number, live: ScoreboardUpdate, shown: ScoreboardUpdate | null): void {
    const liveData = invocationFrame(HubMethods.scoreboard, live);
    const shownData = shown && (shown === live ? liveData : invocationFrame(HubMethods.scoreboard, shown));
    for (const connection of this.#groups.get(groupKey('user', gameId)) ?? []) {
      if (!connection.scoreboard) continue;
      const data = connection.liveBoard ? liveData : shownData;
      if (data) connection.send(data);
    }
  }

  /** Takes over an HTTP upgrade on a hub path; false when the path is not a hub. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(request.url ?? '/', 'http://hub');
    const match = hubPath.exec(url.pathname);
    if (!match?.[1]) return false;
    const hub = match[1].toLowerCase() as HubName;
    socket.on('error', () => socket.destroy());
    const forwarded = forwardedOrigin(request, this.#trusted);
    const credentials: Credentials = {
      headers: request.headers,
      ownOrigin: () => platformOrigin(this.options.publicUrl, forwarded.protocol, forwarded.host),
      https: overHttps(this.options.publicUrl, forwarded.protocol),
      query: url.searchParams,
      ip: this.options.clientAddress(request),
    };
    const address = credentials.ip;
    const locale = negotiateLocale(request.headers['accept-language']);
    const upgrade = async () => {
      const wait = await this.options.admit?.(address);
      if (wait != null) return refuseTooMany(request, socket, wait);
      const mark = this.#credentials.mark;
      const verdict = await this.admit(hub, credentials);
      if (!verdict.ok) return refuseUpgrade(request, socket, verdict.status, verdict.title);
      this.#wss.handleUpgrade(request, socket, head, (ws) => {
        ws.tooBigReason = translate(msg`The message is too large`, locale);
        // Counted here, synchronously, so upgrades admitted at the same time cannot all slip under the cap.
        const refusal = this.refusal(address);
        if (refusal) return refuse(ws, translate(refusal.title, locale));
        const connection = this.#accept(ws, hub, groupKey(hub, verdict.gameId), address, locale);
        connection.scoreboard = hub === 'user' && url.searchParams.get('scoreboard') === 'true';
        connection.liveBoard = seesLiveBoard(verdict.holder?.caller.role);
        if (verdict.holder) connection.userId = verdict.holder.caller.id;
        if (verdict.holder) this.#hold(connection, verdict.holder, mark);
      });
    };
    upgrade().catch(() => refuseUpgrade(request, socket, 500, 'Internal server error'));
    return true;
  }

  #hold(connection: Connection, holder: Holder, mark: number): void {
    this.#credentials.hold(connection, holder, mark);
    connection.socket.on('close', () => this.#credentials.release(connection));
  }

  #accept(socket: BoundedWebSocket, hub: HubName, key: string, address: string, locale: Locale): Connection {
    this.#open++;
    this.#perAddress.set(address, (this.#perAddress.get(address) ?? 0) + 1);
    const connection = new Connection(socket, hub, key, locale, this.#maxBuffered);
    const handshakeTimer = setTimeout(() => {
      if (!connection.handshaken) socket.terminate();
    }, this.#handshakeMs);
    socket.on('message', (data: RawData, isBinary: boolean) => {
      if (socket.readyState !== WebSocket.OPEN) return;
      connection.lastSeen = Date.now();
      if (isBinary) {
        socket.close(1003, 'Binary frames are not supported');
        return;
      }
      const { records, rest } = splitRecords(connection.buffered + rawText(data));
      if (rest.length > maxMessageBytes) {
        connection.buffered = '';
        socket.close(messageTooBig);
        return;
      }
      connection.buffered = rest;
      for (const record of records) this.#receive(connection, record, handshakeTimer);
    });
    socket.on('close', () => {
      clearTimeout(handshakeTimer);
      this.#leave(connection);
      this.#open--;
      const left = (this.#perAddress.get(address) ?? 1) - 1;
      if (left > 0) this.#perAddress.set(address, left);
      else this.#perAddress.delete(address);
    });
    // ws closes the socket itself on a protocol error, with the code that says why (1009 for too big).
    socket.on('error', () => {});
    return connection;
  }

  #receive(connection: Connection, record: string, handshakeTimer: NodeJS.Timeout): void {
    if (!connection.handshaken) {
      const error = handshakeError(record);
      if (error) {
        connection.send(frame({ error }));
        connection.socket.close(1000);
        return;
      }
      clearTimeout(handshakeTimer);
      connection.handshaken = true;
      const group = this.#groups.get(connection.key) ?? new Set<Connection>();
      this.#groups.set(connection.key, group);
      group.add(connection);
      // Asked before the handshake is answered, so whatever the client does next is heard from other processes.
      if (watched(connection.key) && this.#watchers++ === 0) this.#unwatch = this.options.watch?.();
      connection.send(frame({}));
      return;
    }
    const message = parseRecord(record);
    if (!message) {
      connection.send(closeFrame('Connection closed with an error: invalid message.'));
      connection.socket.close(1000);
      return;
    }
    switch (message.type) {
      case MessageType.Close:
        connection.socket.close(1000);
        return;
      case MessageType.Invocation:
      case MessageType.StreamInvocation:
        // These hubs define no client→server methods; answer so an awaited call does not hang.
        if (message.invocationId) {
          connection.send(
            frame({
              type: MessageType.Completion,
              invocationId: message.invocationId,
              error: 'Unknown hub method',
            }),
          );
        }
        return;
      default:
        // Pings and anything else only count as signs of life.
        return;
    }
  }

  #leave(connection: Connection): void {
    const group = this.#groups.get(connection.key);
    if (!group?.delete(connection)) return;
    if (group.size === 0) this.#groups.delete(connection.key);
    if (watched(connection.key) && --this.#watchers === 0) this.#stopWatching();
  }

  #stopWatching(): void {
    this.#watchers = 0;
    this.#unwatch?.();
    this.#unwatch = undefined;
  }

  #tick(): void {
    const now = Date.now();
    for (const group of this.#groups.values()) {
      for (const connection of group) {
        if (now - connection.lastSeen > this.#timeoutMs) {
          connection.send(closeFrame('Server timeout elapsed without receiving a message from the client.'));
          connection.socket.terminate();
        } else connection.send(pingFrame);
      }
    }
  }

  /** Closes every connection with a close message that lets clients reconnect (to this server once back). */
  close(): void {
    clearInterval(this.#timer);
    clearInterval(this.#sweeper);
    this.#timer = undefined;
    this.#sweeper = undefined;
    const bye = closeFrame(undefined, true);
    for (const client of this.#wss.clients) {
      if (client.readyState === WebSocket.OPEN) client.send(bye);
      client.close(1000);
    }
    this.#groups.clear();
    this.#stopWatching();
    this.#wss.close();
  }
}

const rawText = (data: RawData): string =>
  Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as Buffer).toString('utf8');
