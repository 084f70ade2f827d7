// Webhooks (issue #46 point 1) against real server processes and real HTTP receivers on loopback: a burst of solves
// on two processes sharing PostgreSQL, one of them SIGKILLed mid-burst and started again, reaches the receiver with
// every solve once (by event id) and every signature good; an endpoint added on one process counts at once for
// the solves judged on the other; an endpoint that never answers holds up neither the judge nor the other
// endpoints; and an admin adds an endpoint in Chromium and sees its test delivery arrive.

import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebhookPayload, webhookHeaders } from '@pennon/sdk/contract';
import { createNodeClient } from '@pennon/sdk/node';
import pg from 'pg';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, type TestDatabase } from '../../server/test/support/databases.ts';
import { launchBrowser } from '../support/browser.ts';
import { createRunningGame } from '../support/games.ts';
import { ADMIN_PASSWORD, type NodeClient, playerWithTeam } from '../support/platform.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { clickButton, fill, signIn, waitForText } from '../support/ui.ts';

const postgres = databaseKinds().find((kind) => kind.name === 'postgres');
if (!postgres) throw new Error('the webhooks test needs PostgreSQL (PENNON_TEST_POSTGRES_URL)');

const password = 'Harbour2024x';
const env = { PENNON_WEBHOOK_ALLOW_PRIVATE: 'on', PENNON_ADMIN_PASSWORD: ADMIN_PASSWORD };

interface Delivery {
  eventId: string;
  deliveryId: string;
  type: string;
  payload: WebhookPayload;
  signed: boolean;
}

/**
 * A receiver on a loopback port that checks each delivery's signature with `secret()` and keeps it; `hold` keeps
 * every request open, unanswered, as a dead endpoint does. `waitFor` resolves once `test` holds of what came.
 */
const receiver = async (hold = false) => {
  const deliveries: Delivery[] = [];
  const open = new Set<ServerResponse>();
  const waiters: (() => void)[] = [];
  let secret = '';
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const header = (name: string) => String(req.headers[name] ?? '');
    const expected = createHmac('sha256', secret)
      .update(`${header(webhookHeaders.timestamp)}.${body}`)
      .digest('hex');
    deliveries.push({
      eventId: header(webhookHeaders.event),
      deliveryId: header(webhookHeaders.delivery),
      type: header(webhookHeaders.type),
      payload: JSON.parse(body) as WebhookPayload,
      signed: header(webhookHeaders.signature) === `v1=${expected}`,
    });
    for (const wake of waiters.splice(0)) wake();
    if (hold) open.add(res);
    else res.writeHead(200).end('ok');
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const waitFor = (test: (d: Delivery[]) => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => (test(deliveries) ? resolve() : waiters.push(check));
      check();
    });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    deliveries,
    open,
    waitFor,
    setSecret: (value: string) => {
      secret = value;
    },
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
};
type Receiver = Awaited<ReturnType<typeof receiver>>;

const adminOf = async (url: string): Promise<NodeClient> => {
  const admin = createNodeClient({ baseUrl: url });
  await admin.account.login({ userName: 'admin', password: ADMIN_PASSWORD });
  return admin;
};

/** Adds an endpoint for `events` to the receiver, which then checks the endpoint's secret. */
const subscribe = async (admin: NodeClient, to: Receiver, name: string, events: WebhookPayload['type'][]) => {
  const endpoint = await admin.webhooks.create({
    name,
    url: to.url,
    format: 'json',
    events,
    gameId: null,
    enabled: true,
  });
  to.setSecret(endpoint.secret);
  return endpoint;
};

/** A game with `challenges` static challenges (flag{c<n>}); answers the game and challenge ids. */
const gameWith = async (admin: NodeClient, title: string, challenges: number) => {
  const gameId = await createRunningGame(admin, title);
  const ids: number[] = [];
  for (let n = 0; n < challenges; n++) {
    const { id } = await admin.edit.createChallenge(gameId, {
      title: `C${n}`,
      category: 'Misc',
      type: 'StaticAttachment',
    });
    await admin.edit.addFlags(gameId, id, [{ flag: `flag{c${n}}` }]);
    await admin.edit.updateChallenge(gameId, id, { isEnabled: true });
    ids.push(id);
  }
  return { gameId, ids };
};

/** Teams that joined the game, each with a client on every given server. */
const teamsIn = async (urls: string[], gameId: number, count: number, prefix: string) => {
  const teams: { name: string; teamId: number; clients: NodeClient[] }[] = [];
  for (let n = 0; n < count; n++) {
    const name = `${prefix}${n}`;
    const { client, teamId } = await playerWithTeam(urls[0] as string, name, password, `Team ${name}`);
    await client.game.join(gameId, { teamId });
    const clients = [client];
    for (const url of urls.slice(1)) {
      const other = createNodeClient({ baseUrl: url });
      await other.account.login({ userName: name, password });
      clients.push(other);
    }
    teams.push({ name, teamId, clients });
  }
  return teams;
};

describe('webhooks across two processes, one killed mid-burst', () => {
  let database: TestDatabase;
  let a: RunningServer;
  let b: RunningServer;
  let restarted: RunningServer | undefined;
  let good: Receiver;

  beforeAll(async () => {
    database = await postgres.create();
    const shared = { ...env, PENNON_DATABASE_URL: database.url, PENNON_WEBHOOK_TIMEOUT_MS: '2000' };
    a = await startServer(shared);
    b = await startServer(shared);
    good = await receiver();
  }, 180_000);

  afterAll(async () => {
    good?.close();
    await restarted?.stop();
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  it('sends the solves judged on one process at once after an endpoint is added on the other', async () => {
    const admin = await adminOf(a.url);
    const { gameId, ids } = await gameWith(admin, 'Tide Cup', 1);
    const [early, late] = await teamsIn([a.url, b.url], gameId, 2, 'tide');
    const solveOnB = async (team: NonNullable<typeof early>) => {
      const client = team.clients[1] as NodeClient;
      const id = await client.game.submit(gameId, ids[0] as number, 'flag{c0}');
      while ((await client.game.submissionStatus(gameId, ids[0] as number, id)) === 'FlagSubmitted');
    };
    // B judges a solve while no endpoint is on, then one is added through A and B judges the next at once.
    await solveOnB(early as NonNullable<typeof early>);
    const target = await receiver();
    try {
      const endpoint = await subscribe(admin, target, 'Tide board', ['solve']);
      await solveOnB(late as NonNullable<typeof late>);
      await target.waitFor((d) => d.length === 1);
      expect(target.deliveries[0]).toMatchObject({ type: 'solve', signed: true });
      expect(target.deliveries[0]?.payload.data.team?.id).toBe(late?.teamId);
      // Gone with its deliveries, which the next test counts by type.
      await admin.webhooks.delete(endpoint.id);
    } finally {
      target.close();
    }
  }, 180_000);

  it('delivers every solve once, signed, however the processes come and go', async () => {
    const admin = await adminOf(a.url);
    const { gameId, ids } = await gameWith(admin, 'Relay Cup', 4);
    const teams = await teamsIn([a.url, b.url], gameId, 8, 'relay');
    await subscribe(admin, good, 'Relay board', ['solve']);
    const solves = teams.flatMap((team, n) =>
      ids.map((challengeId, c) => ({ team, challengeId, c, via: n % 2 })),
    );
    const submit = ({ team, challengeId, c }: (typeof solves)[number], on: number) =>
      (team.clients[on] as NodeClient).game.submit(gameId, challengeId, `flag{c${c}}`);
    // The first half from both processes; A is killed once deliveries are under way, whatever it still had in hand.
    const half = solves.length / 2;
    // Settled from the start: a call A drops when it is killed rejects before the kill is awaited.
    const firstHalf = Promise.allSettled(solves.slice(0, half).map((s) => submit(s, s.via)));
    await good.waitFor((d) => d.length >= 4);
    await a.kill();
    const settled = await firstHalf;
    // What A never answered is sent again through B (a second correct answer to a solved challenge is no new solve).
    const unanswered = solves.slice(0, half).filter((_, n) => settled[n]?.status === 'rejected');
    await Promise.all([...unanswered, ...solves.slice(half)].map((s) => submit(s, 1)));
    // A comes back on its data, as a supervisor restarts it: it judges what it left and sends what it claimed.
    restarted = await startServer(
      { ...env, PENNON_DATABASE_URL: database.url, PENNON_WEBHOOK_TIMEOUT_MS: '2000' },
      { dataDir: a.dataDir },
    );
    const distinct = () => new Set(good.deliveries.map((d) => d.eventId)).size;
    await good.waitFor(() => distinct() === solves.length);

    expect(good.deliveries.every((d) => d.signed && d.type === 'solve')).toBe(true);
    // Once per solve: one event per team and challenge, and each event in one delivery (a resend after the kill
    // repeats its delivery id, which receivers drop).
    const perSolve = new Map<string, Set<string>>();
    for (const d of good.deliveries) {
      const key = `${d.payload.data.team?.id}/${d.payload.data.challenge?.id}`;
      perSolve.set(key, (perSolve.get(key) ?? new Set()).add(d.eventId));
    }
    expect(perSolve.size).toBe(solves.length);
    expect([...perSolve.values()].every((events) => events.size === 1)).toBe(true);
    const deliveryOf = new Map<string, Set<string>>();
    for (const d of good.deliveries)
      deliveryOf.set(d.eventId, (deliveryOf.get(d.eventId) ?? new Set()).add(d.deliveryId));
    expect([...deliveryOf.values()].every((ids) => ids.size === 1)).toBe(true);
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const { rows } = await db.query(
      "SELECT count(*)::int AS n, count(DISTINCT event_id)::int AS events FROM webhook_deliveries WHERE type = 'solve'",
    );
    await db.end();
    expect(rows[0]).toEqual({ n: solves.length, events: solves.length });
  }, 300_000);
});

describe('a dead endpoint among ten', () => {
  let server: RunningServer;
  let browser: Browser;
  const goods: Receiver[] = [];
  let dead: Receiver;

  beforeAll(async () => {
    // A minute's timeout: the dead endpoint's first attempt is still hanging when the burst is judged and sent.
    [server, browser] = await Promise.all([
      startServer({ ...env, PENNON_WEBHOOK_TIMEOUT_MS: '60000' }),
      launchBrowser(),
    ]);
    for (let n = 0; n < 9; n++) goods.push(await receiver());
    dead = await receiver(true);
  }, 180_000);

  afterAll(async () => {
    for (const r of goods) r.close();
    dead?.close();
    await browser?.close();
    await server?.stop();
  });

  it('holds up neither the judge nor the other nine endpoints', async () => {
    const admin = await adminOf(server.url);
    const { gameId, ids } = await gameWith(admin, 'Quay Cup', 3);
    const teams = await teamsIn([server.url], gameId, 6, 'quay');
    await subscribe(admin, dead, 'Dead', ['solve']);
    for (const [n, r] of goods.entries()) await subscribe(admin, r, `Board ${n}`, ['solve']);
    // The dead endpoint takes its first delivery and never answers.
    const [first, ...rest] = teams.flatMap((team) => ids.map((challengeId, c) => ({ team, challengeId, c })));
    const solve = async (s: NonNullable<typeof first>) => {
      const client = s.team.clients[0] as NodeClient;
      const id = await client.game.submit(gameId, s.challengeId, `flag{c${s.c}}`);
      while ((await client.game.submissionStatus(gameId, s.challengeId, id)) === 'FlagSubmitted');
      return client.game.submissionStatus(gameId, s.challengeId, id);
    };
    expect(await solve(first as NonNullable<typeof first>)).toBe('Accepted');
    await dead.waitFor((d) => d.length === 1);
    const verdicts = await Promise.all(rest.map(solve));
    expect(verdicts.every((v) => v === 'Accepted')).toBe(true);
    const all = rest.length + 1;
    await Promise.all(goods.map((r) => r.waitFor((d) => d.length === all)));
    // All judged and all sent to the nine while the dead one still holds its first request.
    expect(dead.open.size).toBe(1);
    expect(dead.deliveries).toHaveLength(1);
    expect(goods.every((r) => r.deliveries.every((d) => d.signed))).toBe(true);
  }, 300_000);

  it('lets an admin add an endpoint in the browser and see its test delivery', async () => {
    const page: Page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${server.url}/about`, { waitUntil: 'networkidle0' });
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.goto(`${server.url}/admin/Webhooks`, { waitUntil: 'networkidle0' });
    const target = await receiver();
    try {
      await clickButton(page, 'Add endpoint');
      await page.waitForSelector('[role="dialog"]');
      await fill(page, 'Name', 'Harbour chat', '[role="dialog"]');
      await fill(page, 'URL', target.url, '[role="dialog"]');
      await clickButton(page, 'Save');
      await page.waitForSelector('[role="dialog"]', { hidden: true });
      await waitForText(page, 'Harbour chat');
      await clickButton(page, 'Deliveries: Harbour chat');
      const secret = await page.waitForSelector('[data-testid="webhook-secret"]');
      target.setSecret((await secret?.evaluate((node) => node.textContent)) ?? '');
      await clickButton(page, 'Send a test event');
      await target.waitFor((d) => d.length === 1);
      expect(target.deliveries[0]).toMatchObject({ type: 'ping', signed: true });
      // The open list refreshes itself: the delivery shows as delivered, with its status and the answer's start.
      await page.waitForFunction(
        () => document.querySelector('[data-testid="webhook-delivery"]')?.textContent?.includes('Delivered'),
        { timeout: 60_000 },
      );
      const row = await page.$eval('[data-testid="webhook-delivery"]', (node) => node.textContent ?? '');
      expect(row).toContain('200');
      expect(row).toContain('ok');
    } finally {
      target.close();
    }
  }, 180_000);
});
