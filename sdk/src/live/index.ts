// @pennon/sdk/live: live game notices, monitor events/submissions and admin logs (gzctf-api.md §1.9), pushed through
// the SignalR hubs (@microsoft/signalr: JSON protocol, WebSockets, automatic reconnect) or polled from the REST
// endpoints (ETag'd where the server offers it). A separate entry, so the platform client's bundle does not carry
// the SignalR client.
import {
  HttpTransportType,
  type HubConnection,
  HubConnectionBuilder,
  HubConnectionState,
  type IHttpConnectionOptions,
  LogLevel,
} from '@microsoft/signalr';
import { createRequester } from '../client.ts';
import { HubMethods } from '../contract/hub-methods.ts';
import type { LogMessageModel } from '../contract/models/admin.ts';
import type {
  GameEvent,
  GameNotice,
  ScoreboardUpdate,
  Submission,
  TeamNotice,
} from '../contract/models/game.ts';
import { createAdminApi } from '../groups/admin.ts';
import { createGameApi } from '../groups/game.ts';
import type { Requester } from '../transport/transport.ts';

/** `push`: the hub only; `poll`: the REST endpoints only; `auto`: the hub, polling when it cannot connect. */
export type LiveMode = 'push' | 'poll' | 'auto';

/**
 * A live subscription's state: connecting, connected to the hub, reconnecting after a drop, polling
 * the REST endpoints instead, or closed.
 */
export type LiveState = 'connecting' | 'connected' | 'reconnecting' | 'polling' | 'closed';

/** How a live subscription connects: push or poll, credentials, and polling pace. */
export interface LiveOptions {
  /** Default `auto`. */
  mode?: LiveMode;
  /** An API token: `Authorization: Bearer` on negotiate and REST, `access_token` on the WebSocket (monitor hub). */
  token?: string;
  /** The `Cookie` header to send where the runtime does not (Node), e.g. `GZCTF_Token=…`; or how to get it. */
  cookie?: string | (() => string | Promise<string>);
  /** More headers for Node (browsers ignore them on WebSockets). */
  headers?: Readonly<Record<string, string>>;
  /** How often to poll, in ms. Default 10 000. */
  pollIntervalMs?: number;
  /** A fetch for polling (Node cookie jars, tests). */
  fetch?: typeof globalThis.fetch;
  /** SignalR client logging. Default none. */
  logLevel?: LogLevel;
  /** Send the browser's cookies to the hub's negotiate. Default true; false for anonymous cross-origin use. */
  withCredentials?: boolean;
}

interface CommonHandlers {
  /** A failure to connect or poll; live delivery goes on (reconnecting / polling again). */
  error?: (error: unknown) => void;
  /** The subscription's state changed. */
  state?: (state: LiveState) => void;
}

/** What `connectGameNotices` calls. */
export interface NoticeHandlers extends CommonHandlers {
  /** A notice was published (each one once, oldest first when polling). */
  notice: (notice: GameNotice) => void;
  /**
   * Pennon's addition: the game's scoreboard changed and the new one is ready to fetch (pushed only; a server
   * without it, GZ::CTF, never calls it). Given, the hub is asked for it.
   */
  scoreboard?: (update: ScoreboardUpdate) => void;
  /** Pennon's addition: what concerns the caller's own team only (pushed only; never polled). */
  teamNotice?: (notice: TeamNotice) => void;
}

/** What `connectMonitor` calls. */
export interface MonitorHandlers extends CommonHandlers {
  /** A game event was recorded. */
  event?: (event: GameEvent) => void;
  /** A flag was judged. */
  submission?: (submission: Submission) => void;
}

/** What `connectAdminLogs` calls. */
export interface AdminLogHandlers extends CommonHandlers {
  /** A log entry was written. */
  log: (entry: LogMessageModel) => void;
}

/** A running live subscription. */
export interface LiveSubscription {
  /** How the messages arrive: fixed once the subscription resolved. */
  readonly mode: 'push' | 'poll';
  /** The hub connection in push mode. */
  readonly connection: HubConnection | undefined;
  /** Closes the hub connection or stops polling; no handler is called after it resolves. */
  stop(): Promise<void>;
}

/** The hub targets the server invokes (§1.9). */
export { HubMethods };

const trimBase = (baseUrl: string) => baseUrl.replace(/\/+$/, '');

const cookieOf = async (options: LiveOptions): Promise<string | undefined> =>
  typeof options.cookie === 'function' ? options.cookie() : options.cookie;

const headersOf = async (options: LiveOptions): Promise<Record<string, string>> => {
  const cookie = await cookieOf(options);
  return { ...options.headers, ...(cookie && { cookie }) };
};

type Listeners = Record<string, (payload: never) => void>;

const push = async (
  url: string,
  listeners: Listeners,
  handlers: CommonHandlers,
  options: LiveOptions,
): Promise<LiveSubscription> => {
  const { token } = options;
  const http: IHttpConnectionOptions = {
    transport: HttpTransportType.WebSockets,
    headers: await headersOf(options),
    withCredentials: options.withCredentials ?? true,
    ...(token !== undefined && { accessTokenFactory: () => token }),
  };
  const connection = new HubConnectionBuilder()
    .withUrl(url, http)
    .withAutomaticReconnect()
    .configureLogging(options.logLevel ?? LogLevel.None)
    .build();
  for (const [target, listener] of Object.entries(listeners)) {
    connection.on(target, (payload: never) => listener(payload));
  }
  connection.onreconnecting((error) => {
    if (error) handlers.error?.(error);
    handlers.state?.('reconnecting');
  });
  connection.onreconnected(() => handlers.state?.('connected'));
  connection.onclose((error) => {
    if (error) handlers.error?.(error);
    handlers.state?.('closed');
  });
  handlers.state?.('connecting');
  await connection.start();
  handlers.state?.('connected');
  return {
    mode: 'push',
    connection,
    stop: async () => {
      if (connection.state !== HubConnectionState.Disconnected) await connection.stop();
    },
  };
};

/** Fetches a list (newest first or any order) and hands on the items not seen before, oldest first. */
type Source = {
  fetch: () => Promise<unknown[]>;
  key: (item: never) => string;
  deliver: (item: never) => void;
};

const poll = async (
  sources: Source[],
  handlers: CommonHandlers,
  options: LiveOptions,
): Promise<LiveSubscription> => {
  const seen = sources.map(() => new Set<string>());
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const round = async (deliver: boolean) => {
    for (const [i, source] of sources.entries()) {
      const known = seen[i] as Set<string>;
      const items = (await source.fetch()) as never[];
      const fresh = items.filter((item) => !known.has(source.key(item)));
      for (const item of fresh) known.add(source.key(item));
      if (!deliver) continue;
      const ordered = [...fresh].sort(
        (a, b) => ((a as { time?: number }).time ?? 0) - ((b as { time?: number }).time ?? 0),
      );
      for (const item of ordered) source.deliver(item);
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(async () => {
      try {
        await round(true);
      } catch (error) {
        handlers.error?.(error);
      }
      schedule();
    }, options.pollIntervalMs ?? 10_000);
  };
  // The first round only learns what is already there: like the hubs, only what comes next is delivered.
  await round(false);
  handlers.state?.('polling');
  schedule();
  return {
    mode: 'poll',
    connection: undefined,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      handlers.state?.('closed');
    },
  };
};

// The calls of the polling fallback, without the whole client: each caller takes only the group it polls, so an
// embed using connectGameNotices does not carry the other groups.
const restRequester = async (baseUrl: string, options: LiveOptions): Promise<Requester> => {
  const headers = await headersOf(options);
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  return createRequester({ baseUrl, headers, ...(options.fetch && { fetch: options.fetch }) });
};

const choose = async (
  mode: LiveMode,
  handlers: CommonHandlers,
  pushed: () => Promise<LiveSubscription>,
  polled: () => Promise<LiveSubscription>,
): Promise<LiveSubscription> => {
  if (mode === 'poll') return polled();
  if (mode === 'push') return pushed();
  try {
    return await pushed();
  } catch (error) {
    handlers.error?.(error);
    return polled();
  }
};

const eventKey = (e: GameEvent) => JSON.stringify([e.time, e.type, e.values, e.user, e.team]);
const submissionKey = (s: Submission) =>
  JSON.stringify([s.time, s.user, s.team, s.challenge, s.answer, s.status]);
const logKey = (l: LogMessageModel) => JSON.stringify([l.time, l.name, l.level, l.ip, l.msg, l.status]);

/** Every notice of a game as it is published, and with `scoreboard` its scoreboard's changes (the user hub). */
export const connectGameNotices = (
  baseUrl: string,
  gameId: number,
  handlers: NoticeHandlers,
  options: LiveOptions = {},
): Promise<LiveSubscription> => {
  const base = trimBase(baseUrl);
  return choose(
    options.mode ?? 'auto',
    handlers,
    () => {
      const listeners: Listeners = { [HubMethods.notice]: handlers.notice };
      if (handlers.scoreboard) listeners[HubMethods.scoreboard] = handlers.scoreboard;
      if (handlers.teamNotice) listeners[HubMethods.teamNotice] = handlers.teamNotice;
      const asked = handlers.scoreboard ? '&scoreboard=true' : '';
      return push(`${base}/hub/user?game=${gameId}${asked}`, listeners, handlers, options);
    },
    async () => {
      const game = createGameApi(await restRequester(base, options));
      return poll(
        [
          {
            fetch: () => game.notices(gameId, { count: 100 }),
            key: (n: GameNotice) => String(n.id),
            deliver: handlers.notice,
          },
        ],
        handlers,
        options,
      );
    },
  );
};

/** A game's events and judged submissions (role ≥ Monitor, by cookie or API token). */
export const connectMonitor = (
  baseUrl: string,
  gameId: number,
  handlers: MonitorHandlers,
  options: LiveOptions = {},
): Promise<LiveSubscription> => {
  const base = trimBase(baseUrl);
  const listeners: Listeners = {};
  if (handlers.event) listeners[HubMethods.event] = handlers.event;
  if (handlers.submission) listeners[HubMethods.submission] = handlers.submission;
  return choose(
    options.mode ?? 'auto',
    handlers,
    () => push(`${base}/hub/monitor?game=${gameId}`, listeners, handlers, options),
    async () => {
      const game = createGameApi(await restRequester(base, options));
      const sources: Source[] = [];
      if (handlers.event) {
        sources.push({
          fetch: () => game.events(gameId, { count: 100 }),
          key: eventKey,
          deliver: handlers.event,
        });
      }
      if (handlers.submission) {
        sources.push({
          fetch: () => game.submissions(gameId, { count: 100 }),
          key: submissionKey,
          deliver: handlers.submission,
        });
      }
      return poll(sources, handlers, options);
    },
  );
};

/** The admin log as it is written (Admin only). */
export const connectAdminLogs = (
  baseUrl: string,
  handlers: AdminLogHandlers,
  options: LiveOptions = {},
): Promise<LiveSubscription> => {
  const base = trimBase(baseUrl);
  return choose(
    options.mode ?? 'auto',
    handlers,
    () => push(`${base}/hub/admin`, { [HubMethods.log]: handlers.log }, handlers, options),
    async () => {
      const admin = createAdminApi(await restRequester(base, options));
      return poll(
        [
          {
            // The hub pushes Information and above.
            fetch: async () =>
              (await admin.logs({ count: 100 })).filter((l) => l.level !== 'Debug' && l.level !== 'Verbose'),
            key: logKey,
            deliver: (entry: LogMessageModel) => handlers.log({ ...entry, name: entry.name ?? 'Anonymous' }),
          },
        ],
        handlers,
        options,
      );
    },
  );
};

export { LogLevel };
