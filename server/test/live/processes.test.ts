// Live push between server processes, with the official SignalR client on the receiving process: on PostgreSQL
// through LISTEN/NOTIFY, on either database through Redis (PENNON_REDIS_URL); the Redis bus riding out a Redis
// that is not there yet; and a CLI's bus, which publishes once and stops, sending what it published.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { HttpTransportType, type HubConnection, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import type { GameEvent, GameNotice } from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameFeed } from '../../src/games/feed.ts';
import type { LiveMessage } from '../../src/live/bus.ts';
import { RedisBus } from '../../src/live/redis-bus.ts';
import { gameBody, gameClient, signInAdmin } from '../games/helpers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { listen, next } from '../support/hubs.ts';

// `npm test` starts a Redis (scripts/test-env.mjs) and stops if it cannot.
const redisUrl = process.env.PENNON_TEST_REDIS_URL;
const redisServer = '/usr/bin/redis-server';

const notice = (gameId: number, content: string): LiveMessage => ({
  hub: 'user',
  gameId,
  method: 'ReceivedGameNotice',
  payload: { id: 1, type: 'Normal', values: [content], time: 0 },
});

const setups = [
  ...databaseKinds()
    .filter((kind) => kind.name === 'postgres')
    .map((kind) => ({ name: 'PostgreSQL LISTEN/NOTIFY', kind, env: {} })),
  ...(redisUrl
    ? databaseKinds().map((kind) => ({
        name: `Redis, on ${kind.name}`,
        kind,
        env: { PENNON_REDIS_URL: redisUrl },
      }))
    : []),
];

describe.each(setups)('live push between server processes through $name', ({ kind, env }) => {
  let t: TestApp;
  let admin: string;
  let gameId: number;
  let apiToken: string;
  let other: FastifyInstance;
  let otherBase: string;
  const open: HubConnection[] = [];

  const connect = async (path: string, accessToken?: string) => {
    const connection = new HubConnectionBuilder()
      .withUrl(`${otherBase}${path}`, {
        transport: HttpTransportType.WebSockets,
        ...(accessToken ? { accessTokenFactory: () => accessToken } : {}),
      })
      .configureLogging(LogLevel.None)
      .build();
    open.push(connection);
    await connection.start();
    return connection;
  };

  beforeAll(async () => {
    t = await startTestApp(kind, env);
    admin = await signInAdmin(t.app, t.connection.db);
    ({ id: gameId } = await gameClient(t.app).ok(admin, 'POST', '/api/edit/games', gameBody()));
    ({ token: apiToken } = await gameClient(t.app).ok(admin, 'POST', '/api/tokens', { name: 'hub bot' }));
    other = await t.reopen();
    otherBase = await listen(other);
  });
  afterAll(async () => {
    await Promise.all(open.map((connection) => connection.stop()));
    await t?.close();
  });

  it('delivers notices and game events made by one process to clients of another, whatever their size', async () => {
    const players = await connect(`/hub/user?game=${gameId}`);
    const monitors = await connect(`/hub/monitor?game=${gameId}`, apiToken);

    const received = next<GameNotice>(players, 'ReceivedGameNotice');
    const posted = await gameClient(t.app).ok(admin, 'POST', `/api/edit/games/${gameId}/notices`, {
      content: 'from process A',
    });
    expect(await received).toEqual(posted);

    // Far beyond what a NOTIFY carries: there it travels as its id and is read back; Redis takes it whole.
    const large = next<GameNotice>(players, 'ReceivedGameNotice');
    const big = await gameClient(t.app).ok(admin, 'POST', `/api/edit/games/${gameId}/notices`, {
      content: 'x'.repeat(100_000),
    });
    expect(await large).toEqual(big);

    const event = next<GameEvent>(monitors, 'ReceivedGameEvent');
    const sent = await new GameFeed(t.connection.db, t.app.bus).addEvent(gameId, {
      type: 'FlagSubmit',
      values: ['Accepted', 'flag{x}', 'Web', '1'],
    });
    expect(await event).toEqual(sent);
  });

  it("brings the monitors' messages only to the processes that have monitor clients", async () => {
    const quiet = await t.reopen();
    await connect(`/hub/monitor?game=${gameId}`, apiToken);
    const hear = (app: FastifyInstance) => {
      const heard: LiveMessage[] = [];
      let wake = () => {};
      app.bus.subscribe((message) => {
        heard.push(message);
        wake();
      });
      return {
        heard,
        /** Resolves once `message` has been heard. */
        until: async (message: LiveMessage) => {
          while (!heard.some((m) => JSON.stringify(m) === JSON.stringify(message)))
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
        },
      };
    };
    const watching = hear(other);
    const notWatching = hear(quiet);
    const event: LiveMessage = {
      hub: 'monitor',
      gameId,
      method: 'ReceivedGameEvent',
      payload: { type: 'Normal', values: ['for the monitors'], time: 0, user: 'ann', team: 'crew' },
    };
    // Sent one after the other, so a process that hears the notice has heard the event before it, if at all.
    t.app.bus.publish(event);
    await t.app.bus.delivered();
    const marker = notice(gameId, 'after the event');
    t.app.bus.publish(marker);
    await t.app.bus.delivered();
    await Promise.all([watching.until(marker), notWatching.until(marker)]);
    expect(watching.heard).toEqual([event, marker]);
    expect(notWatching.heard).toEqual([marker]);
  });

  it.runIf('PENNON_REDIS_URL' in env)('hears nothing of another platform sharing its Redis', async () => {
    const elsewhere = await startTestApp(kind, env);
    try {
      const elsewhereToo = await elsewhere.reopen();
      const heard: LiveMessage[] = [];
      let wake = () => {};
      elsewhereToo.bus.subscribe((message) => {
        heard.push(message);
        wake();
      });
      t.app.bus.publish(notice(gameId, 'for this platform'));
      await t.app.bus.delivered();
      // Redis passes on messages in order: the other platform's own marker comes after this one, had it come.
      const marker = notice(gameId, 'for the other platform');
      elsewhere.app.bus.publish(marker);
      await elsewhere.app.bus.delivered();
      while (!heard.some((m) => textOf(m) === textOf(marker)))
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      expect(heard).toEqual([marker]);
    } finally {
      await elsewhere.close();
    }
  });

  it('delivers each message once to the process that made it', async () => {
    const here: LiveMessage[] = [];
    const stop = t.app.bus.subscribe((message) => here.push(message));
    t.app.bus.publish(notice(gameId, 'once'));
    // Long enough for the transport to hand the payload back to its sender, which must drop it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    stop();
    expect(here).toEqual([notice(gameId, 'once')]);
  });
});

const textOf = (message: LiveMessage) =>
  message.method === 'ReceivedGameNotice' ? message.payload.values[0] : undefined;

const freePort = async (): Promise<number> => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
};

describe.runIf(existsSync(redisServer))('the Redis bus when Redis is missing', () => {
  it('starts without it, keeps messages in the process, and joins the others once Redis is up', async () => {
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    const a = new RedisBus({ url, namespace: 'test', startTimeoutMs: 300 });
    const b = new RedisBus({ url, namespace: 'test', startTimeoutMs: 300 });
    // Redis is started only after these resolve: a start that waited for it would never end.
    await Promise.all([a.start(), b.start()]);

    const heardHere: LiveMessage[] = [];
    const heardThere: LiveMessage[] = [];
    a.subscribe((message) => heardHere.push(message));
    b.subscribe((message) => heardThere.push(message));
    a.publish(notice(1, 'before'));
    expect(heardHere).toEqual([notice(1, 'before')]);

    const redis = spawn(redisServer, ['--port', String(port), '--bind', '127.0.0.1', '--save', ''], {
      stdio: 'ignore',
    });
    try {
      // ioredis retries with a growing delay (at most 2 s); meanwhile messages stay where they are made. Published
      // again until the other process hears one (the test's timeout bounds the wait).
      while (!heardThere.some((m) => textOf(m) === 'after')) {
        a.publish(notice(1, 'after'));
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(heardThere.map(textOf)).not.toContain('before');
    } finally {
      await Promise.all([a.close(), b.close()]);
      redis.kill();
    }
  }, 60_000);
});

/** A TCP relay to `target` that joins its first connection only after `holdMs`, the others at once. */
const slowFirstConnection = async (target: URL, holdMs: number) => {
  let first = true;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const hold = first ? holdMs : 0;
    first = false;
    sockets.add(client);
    setTimeout(() => {
      const upstream = net.connect(Number(target.port), target.hostname);
      sockets.add(upstream);
      client.pipe(upstream).pipe(client);
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    }, hold);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
};

describe.runIf(redisUrl)('the Redis bus of a process that publishes and stops at once (the CLI)', () => {
  it('sends what it publishes once started, though its command connection comes up after the subscriber', async () => {
    const namespace = `cli-${process.pid}-${Date.now()}`;
    const running = new RedisBus({ url: redisUrl as string, namespace });
    await running.start();
    const heard = new Promise<LiveMessage>((resolve) => running.subscribe(resolve));
    // The CLI's bus connects its command connection first: held back, it is ready only after the subscriber.
    const relay = await slowFirstConnection(new URL(redisUrl as string), 1500);
    try {
      const cli = new RedisBus({ url: relay.url, namespace });
      await cli.start();
      cli.publish(notice(1, 'sessions ended'));
      await cli.close();
      expect(textOf(await heard)).toBe('sessions ended');
    } finally {
      relay.close();
      await running.close();
    }
  }, 30_000);
});
