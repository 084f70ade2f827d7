// Webhooks on each database: admins keep endpoints (bad input is a 4xx envelope), the judge queues solves and bloods
// with its verdicts, other emitters queue theirs, and the dispatcher (driven here by an explicit clock) sends each
// endpoint's deliveries signed and in order, retrying with backoff for a day.
import {
  type WebhookDelivery,
  type WebhookEndpoint,
  WebhookPayload,
  webhookHeaders,
} from '@pennon/sdk/contract';
import Value from 'typebox/value';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GameFeed } from '../../src/games/feed.ts';
import { ReleaseAnnouncer } from '../../src/games/release.ts';
import { Scoreboards } from '../../src/games/scoreboard.ts';
import { LocalBus } from '../../src/live/bus.ts';
import { giveUpAfterMs, retryDelays, WebhookDispatcher } from '../../src/webhooks/dispatcher.ts';
import { WebhookQueue } from '../../src/webhooks/queue.ts';
import { verifyWebhook } from '../../src/webhooks/signature.ts';
import { gameBody, gameClient, type Player, signInAdmin } from '../games/helpers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { type Receiver, startReceiver } from './receiver.ts';

const silent = { warn: () => {}, error: () => {} };

describe.each(databaseKinds())('webhooks on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  let c: ReturnType<typeof gameClient>;
  let gameId: number;
  let receiver: Receiver;
  let clock: number;
  let dispatcher: WebhookDispatcher;
  const base = '/api/admin/webhooks';
  const endpointBody = (extra: object = {}) => ({
    name: 'Scores',
    url: `${receiver.url}/hook`,
    format: 'json',
    events: ['solve', 'blood.first', 'notice.published'],
    gameId,
    enabled: true,
    ...extra,
  });
  const deliveries = async (id: number): Promise<WebhookDelivery[]> =>
    c.ok(admin, 'GET', `${base}/${id}/deliveries`);
  /** The held clock comes up to real time, when deliveries were queued (by the real clock) since it was set. */
  const catchUp = () => {
    clock = Math.max(clock, Date.now());
    return clock;
  };
  /** One look at the queue by `d`: its claims, sent; answers how many. */
  const round = async (d: WebhookDispatcher = dispatcher) => {
    const claimed = await d.tick();
    await d.settled();
    return claimed;
  };
  /** Another process's dispatcher (on the held clock), sending to private addresses unless told otherwise. */
  const dispatcherWith = (
    outbound = { allowPrivate: true },
    keep = { ms: 7 * 86_400_000, perEndpoint: 1_000 },
  ) =>
    new WebhookDispatcher(t.connection.db, new WebhookQueue(t.connection.db), {
      outbound: { timeoutMs: 2_000, maxResponseBytes: 4_096, ...outbound },
      pollMs: 1_000,
      keep,
      now: () => clock,
      log: silent,
    });
  /** Sends until nothing is due at the clock's time. */
  const drain = async () => {
    catchUp();
    while ((await round()) > 0);
  };

  beforeAll(async () => {
    // The process's own dispatcher stays off: these tests send with one whose clock they hold.
    t = await startTestApp(kind, { PENNON_WEBHOOK_WORKER: 'off' });
    admin = await signInAdmin(t.app, t.connection.db);
    c = gameClient(t.app);
    gameId = (await c.ok(admin, 'POST', '/api/edit/games', gameBody({ acceptWithoutReview: true }))).id;
    receiver = await startReceiver();
    clock = Date.now();
    dispatcher = dispatcherWith();
  });
  afterEach(async () => {
    for (const e of (await c.ok(admin, 'GET', base)) as WebhookEndpoint[])
      await c.ok(admin, 'DELETE', `${base}/${e.id}`);
    receiver.requests.length = 0;
    receiver.answer = () => 200;
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it('is for admins only', async () => {
    const player = await c.signUp('peeker');
    expect((await c.call(null, 'GET', base)).statusCode).toBe(401);
    expect((await c.call(player.token, 'GET', base)).statusCode).toBe(403);
    expect((await c.call(player.token, 'POST', base, endpointBody())).statusCode).toBe(403);
  });

  it.each([
    ['an ftp URL', { url: 'ftp://example.com/' }, 400],
    ['a URL that is none', { url: 'hooks' }, 400],
    ['no events', { events: [] }, 400],
    ['an unknown event', { events: ['solve', 'goal'] }, 400],
    ['an unknown format', { format: 'irc' }, 400],
    ['a short secret', { secret: 'short' }, 400],
    [
      'a Telegram URL naming no chat',
      { format: 'telegram', url: 'https://api.telegram.org/bot1:x/sendMessage' },
      400,
    ],
    [
      "a Matrix URL other than a room's send",
      { format: 'matrix', url: 'https://m.example/_matrix/client/v3/rooms/!r:m.example' },
      400,
    ],
    ['a game that does not exist', { gameId: 999_999 }, 404],
  ])('refuses %s with a {title, status} envelope', async (_, extra, status) => {
    const res = await c.call(admin, 'POST', base, endpointBody(extra));
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ title: expect.any(String), status });
  });

  it('answers 404 for endpoints and deliveries that do not exist', async () => {
    for (const [method, url] of [
      ['PUT', `${base}/999999`],
      ['DELETE', `${base}/999999`],
      ['GET', `${base}/999999/deliveries`],
      ['POST', `${base}/999999/test`],
      ['POST', `${base}/999999/deliveries/1/redeliver`],
    ] as const) {
      const res = await c.call(admin, method, url, method === 'PUT' ? endpointBody() : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('keeps endpoints: a generated secret, changes, and the secret kept when left out', async () => {
    const created: WebhookEndpoint = await c.ok(admin, 'POST', base, endpointBody());
    expect(created).toMatchObject({ name: 'Scores', format: 'json', locale: 'en-US', gameId, enabled: true });
    expect(created.secret.length).toBeGreaterThanOrEqual(16);
    const changed: WebhookEndpoint = await c.ok(
      admin,
      'PUT',
      `${base}/${created.id}`,
      endpointBody({ name: 'Chat', format: 'discord', locale: 'ja-JP', enabled: false }),
    );
    expect(changed).toMatchObject({ name: 'Chat', format: 'discord', locale: 'ja-JP', enabled: false });
    expect(changed.secret).toBe(created.secret);
  });

  it("queues the judge's solves and bloods and sends them signed, in order", async () => {
    const endpoint: WebhookEndpoint = await c.ok(admin, 'POST', base, endpointBody());
    const other: WebhookEndpoint = await c.ok(
      admin,
      'POST',
      base,
      endpointBody({ url: `${receiver.url}/other-game`, gameId: null, events: ['blood.second'] }),
    );
    const editBase = `/api/edit/games/${gameId}/challenges`;
    const challengeId = (
      await c.ok(admin, 'POST', editBase, { title: 'Buoy', type: 'StaticAttachment', category: 'Misc' })
    ).id;
    await c.ok(admin, 'POST', `${editBase}/${challengeId}/flags`, [{ flag: 'flag{buoy}' }]);
    await c.ok(admin, 'PUT', `${editBase}/${challengeId}`, { isEnabled: true });
    const players: Player[] = [];
    for (const name of ['ida', 'jon']) {
      const player = await c.signUp(name);
      await c.ok(player.token, 'POST', `/api/game/${gameId}`, {
        teamId: await c.createTeam(player, `team-${name}`),
      });
      players.push(player);
    }
    for (const player of players) {
      const url = `/api/game/${gameId}/challenges/${challengeId}`;
      await c.ok(player.token, 'POST', url, { flag: 'wrong' });
      const id = await c.ok(player.token, 'POST', url, { flag: 'flag{buoy}' });
      // Judged in the submit or at once after: the verdict is in before the answer to the status poll.
      while ((await c.ok(player.token, 'GET', `${url}/status/${id}`)) === 'FlagSubmitted');
    }
    await c.ok(admin, 'POST', `/api/edit/games/${gameId}/notices`, { content: 'Flags rotate at noon' });

    const queued = await deliveries(endpoint.id);
    expect(queued.map((d) => d.type).reverse()).toEqual([
      'solve',
      'blood.first',
      'solve',
      'notice.published',
    ]);
    expect(queued.every((d) => d.state === 'pending')).toBe(true);
    expect((await deliveries(other.id)).map((d) => d.type)).toEqual(['blood.second']);

    await drain();
    const sent = receiver.requests.filter((r) => r.url === '/hook');
    expect(sent.map((r) => r.headers[webhookHeaders.type])).toEqual([
      'solve',
      'blood.first',
      'solve',
      'notice.published',
    ]);
    for (const r of receiver.requests) {
      const secret = r.url === '/hook' ? endpoint.secret : other.secret;
      const ok = verifyWebhook(
        secret,
        String(r.headers[webhookHeaders.timestamp]),
        r.body,
        String(r.headers[webhookHeaders.signature]),
      );
      expect(ok).toBe(true);
      const payload = JSON.parse(r.body);
      expect(Value.Check(WebhookPayload, payload), r.body).toBe(true);
      expect(payload.id).toBe(r.headers[webhookHeaders.event]);
    }
    const [firstSolve, firstBlood] = sent.map((r) => JSON.parse(r.body));
    expect(firstSolve).toMatchObject({
      type: 'solve',
      game: { id: gameId, title: 'Harbour CTF' },
      data: {
        team: { name: 'team-ida' },
        challenge: { id: challengeId, title: 'Buoy' },
        user: 'ida',
        blood: 1,
      },
    });
    expect(firstBlood.data).toEqual(firstSolve.data);
    expect(JSON.parse(sent[3]?.body ?? '').data).toEqual({
      notice: { id: expect.any(Number), content: 'Flags rotate at noon' },
    });
    const done = await deliveries(endpoint.id);
    expect(done.every((d) => d.state === 'delivered' && d.responseStatus === 200)).toBe(true);
    expect(done[0]).toMatchObject({ response: 'thanks', attempts: 1, latency: expect.any(Number) });
  });

  it('queues the solves judged at once after an endpoint is added on another process', async () => {
    const editBase = `/api/edit/games/${gameId}/challenges`;
    const challengeId = (
      await c.ok(admin, 'POST', editBase, { title: 'Kelp', type: 'StaticAttachment', category: 'Misc' })
    ).id;
    await c.ok(admin, 'POST', `${editBase}/${challengeId}/flags`, [{ flag: 'flag{kelp}' }]);
    await c.ok(admin, 'PUT', `${editBase}/${challengeId}`, { isEnabled: true });
    const solve = async (name: string) => {
      const player = await c.signUp(name);
      await c.ok(player.token, 'POST', `/api/game/${gameId}`, {
        teamId: await c.createTeam(player, `team-${name}`),
      });
      const url = `/api/game/${gameId}/challenges/${challengeId}`;
      const id = await c.ok(player.token, 'POST', url, { flag: 'flag{kelp}' });
      while ((await c.ok(player.token, 'GET', `${url}/status/${id}`)) === 'FlagSubmitted');
    };
    // This process judges a solve with no endpoint on, so it last saw none.
    await solve('lea');
    // Another process adds one: written straight to the database, this process is not told.
    const { id } = await t.connection.db
      .insertInto('webhook_endpoints')
      .values({
        name: 'Elsewhere',
        url: `${receiver.url}/hook`,
        secret: 'a-secret-of-the-other-process',
        format: 'json',
        locale: 'en-US',
        events: JSON.stringify(['solve']),
        game_id: gameId,
        enabled: 1,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await solve('max');
    const queued = await deliveries(id);
    expect(queued.map((d) => d.type)).toEqual(['solve']);
    await drain();
    expect(JSON.parse(receiver.requests[0]?.body ?? '').data.team.name).toBe('team-max');
  });

  it('retries with backoff by the clock, holding the later deliveries back, and gives up after a day', async () => {
    const endpoint: WebhookEndpoint = await c.ok(admin, 'POST', base, endpointBody());
    receiver.answer = () => 503;
    const first: WebhookDelivery = await c.ok(admin, 'POST', `${base}/${endpoint.id}/test`);
    const second: WebhookDelivery = await c.ok(admin, 'POST', `${base}/${endpoint.id}/test`);
    const start = catchUp();
    await drain();
    // The head failed: it waits its first delay, and the one behind it is not sent meanwhile.
    expect(receiver.requests.map((r) => r.headers[webhookHeaders.delivery])).toEqual([String(first.id)]);
    let [, head] = await deliveries(endpoint.id);
    expect(head).toMatchObject({
      state: 'pending',
      attempts: 1,
      responseStatus: 503,
      nextAt: start + retryDelays[0],
    });
    clock = start + retryDelays[0] - 1;
    expect(await round()).toBe(0);
    clock = start + retryDelays[0];
    expect(await round()).toBe(1);
    [, head] = await deliveries(endpoint.id);
    expect(head).toMatchObject({ attempts: 2, nextAt: clock + retryDelays[1] });
    // Each later try waits longer, up to the last delay, until a day has passed since the event.
    let tries = 2;
    while (head?.state === 'pending') {
      clock = head.nextAt;
      await round();
      [, head] = await deliveries(endpoint.id);
      tries++;
    }
    expect(head).toMatchObject({ state: 'failed', attempts: tries });
    expect(clock - start).toBeLessThanOrEqual(giveUpAfterMs);
    expect(clock - start).toBeGreaterThan(giveUpAfterMs - Math.max(...retryDelays));
    // Given up, the head lets the next one go: it is sent at once, and delivered now the endpoint answers.
    receiver.answer = () => 204;
    await drain();
    const [after] = await deliveries(endpoint.id);
    expect(after).toMatchObject({ id: second.id, state: 'delivered', responseStatus: 204 });
  });

  it('redelivers as a new delivery of the same event, and skips a disabled endpoint', async () => {
    const endpoint: WebhookEndpoint = await c.ok(admin, 'POST', base, endpointBody());
    const ping: WebhookDelivery = await c.ok(admin, 'POST', `${base}/${endpoint.id}/test`);
    await drain();
    const again: WebhookDelivery = await c.ok(
      admin,
      'POST',
      `${base}/${endpoint.id}/deliveries/${ping.id}/redeliver`,
    );
    expect(again).toMatchObject({ eventId: ping.eventId, state: 'pending', type: 'ping' });
    expect(again.id).not.toBe(ping.id);
    await drain();
    expect(receiver.requests.map((r) => r.headers[webhookHeaders.event])).toEqual([
      ping.eventId,
      ping.eventId,
    ]);
    await c.ok(admin, 'PUT', `${base}/${endpoint.id}`, endpointBody({ enabled: false }));
    await c.ok(admin, 'POST', `${base}/${endpoint.id}/test`);
    await drain();
    expect(receiver.requests).toHaveLength(2);
  });

  it('records a refused private address as a failed attempt when private addresses are not allowed', async () => {
    const strict = dispatcherWith({ allowPrivate: false });
    const endpoint: WebhookEndpoint = await c.ok(admin, 'POST', base, endpointBody());
    await c.ok(admin, 'POST', `${base}/${endpoint.id}/test`);
    catchUp();
    expect(await round(strict)).toBe(1);
    const [attempt] = await deliveries(endpoint.id);
    expect(attempt).toMatchObject({ state: 'pending', responseStatus: null, attempts: 1 });
    expect(attempt?.response).toMatch(/127\.0\.0\.1 is a non-public address/);
    expect(receiver.requests).toHaveLength(0);
  });

  it('prunes done deliveries past the time or the count kept, never a pending one', async () => {
    const endpoint: WebhookEndpoint = await c.ok(admin, 'POST', base, endpointBody());
    const sent: WebhookDelivery[] = [];
    for (let n = 0; n < 5; n++) sent.push(await c.ok(admin, 'POST', `${base}/${endpoint.id}/test`));
    await drain();
    receiver.answer = () => 503;
    const failing: WebhookDelivery = await c.ok(admin, 'POST', `${base}/${endpoint.id}/test`);
    await drain();
    const pruner = dispatcherWith(undefined, { ms: 86_400_000, perEndpoint: 3 });
    // The newest three delivered stay, and the one still being retried.
    expect(await pruner.prune()).toBe(2);
    const kept = await deliveries(endpoint.id);
    expect(kept.map((d) => [d.id, d.state])).toEqual([
      [failing.id, 'pending'],
      ...sent
        .slice(2)
        .reverse()
        .map((d) => [d.id, 'delivered']),
    ]);
    // A day on, the delivered ones are past the time kept.
    clock += 86_400_000 + 1;
    expect(await pruner.prune()).toBe(3);
    expect((await deliveries(endpoint.id)).map((d) => d.id)).toEqual([failing.id]);
    expect(await pruner.prune()).toBe(0);
  });

  it('tells game starts, freezes and ends once, whichever process sees them', async () => {
    const endpoint: WebhookEndpoint = await c.ok(
      admin,
      'POST',
      base,
      endpointBody({ gameId: null, events: ['game.started', 'game.frozen', 'game.ended'] }),
    );
    const at = clock + 60_000;
    const soon = (
      await c.ok(
        admin,
        'POST',
        '/api/edit/games',
        gameBody({ start: at, end: at + 60_000, freezeAt: at + 30_000 }),
      )
    ).id;
    const twin = dispatcherWith();
    clock = at + 120_000;
    await dispatcher.queueGameTimes();
    await twin.queueGameTimes();
    // Other games' times went by too (the clock has run on in these tests): only this game's are looked at.
    const queued = (await deliveries(endpoint.id)).filter((d) => d.eventId.startsWith(`game-${soon}-`));
    expect(queued.map((d) => d.type).sort()).toEqual(['game.ended', 'game.frozen', 'game.started']);
  });

  it('tells no solve once the board is frozen, and a time release when it opens', async () => {
    const endpoint: WebhookEndpoint = await c.ok(
      admin,
      'POST',
      base,
      endpointBody({ gameId: null, events: ['solve', 'blood.first', 'challenge.opened'] }),
    );
    const frozen = (
      await c.ok(
        admin,
        'POST',
        '/api/edit/games',
        gameBody({ acceptWithoutReview: true, freezeAt: Date.now() - 60_000 }),
      )
    ).id;
    const editBase = `/api/edit/games/${frozen}/challenges`;
    const challengeId = (
      await c.ok(admin, 'POST', editBase, { title: 'Fog', type: 'StaticAttachment', category: 'Misc' })
    ).id;
    await c.ok(admin, 'POST', `${editBase}/${challengeId}/flags`, [{ flag: 'flag{fog}' }]);
    await c.ok(admin, 'PUT', `${editBase}/${challengeId}`, { isEnabled: true });
    const player = await c.signUp('kit');
    await c.ok(player.token, 'POST', `/api/game/${frozen}`, {
      teamId: await c.createTeam(player, 'team-kit'),
    });
    const url = `/api/game/${frozen}/challenges/${challengeId}`;
    const id = await c.ok(player.token, 'POST', url, { flag: 'flag{fog}' });
    while ((await c.ok(player.token, 'GET', `${url}/status/${id}`)) === 'FlagSubmitted');
    expect(await c.ok(player.token, 'GET', `${url}/status/${id}`)).toBe('Accepted');

    const releaseAt = Date.now() + 10 * 60_000;
    const dawn = (
      await c.ok(admin, 'POST', editBase, { title: 'Dawn', type: 'StaticAttachment', category: 'Misc' })
    ).id;
    await c.ok(admin, 'POST', `${editBase}/${dawn}/flags`, [{ flag: 'flag{dawn}' }]);
    await c.ok(admin, 'PUT', `${editBase}/${dawn}`, { isEnabled: true, releaseAt });
    const db = t.connection.db;
    const announcer = new ReleaseAnnouncer(
      db,
      new GameFeed(db, new LocalBus()),
      new Scoreboards(db),
      (error) => {
        throw error;
      },
      () => releaseAt + 1,
      new WebhookQueue(db),
    );
    expect(await announcer.announce()).toEqual([dawn]);

    const queued = await deliveries(endpoint.id);
    expect(queued.map((d) => d.type)).toEqual(['challenge.opened']);
  });
});
