// Three server processes on one PostgreSQL and one Redis behind HAProxy, under flag-submission and scoreboard load,
// one of them SIGKILLed mid-load and, after the load, started again as a supervisor would: no acknowledged submission lost or judged
// twice, sessions good on every process, live notices and solves pushed to hub clients of every process, one rate
// limit budget for all, and the same scoreboard from each.
import type { PennonClient } from '@pennon/sdk';
import type { GameNotice, ScoreboardModel, Submission } from '@pennon/sdk/contract';
import { connectGameNotices, connectMonitor, type LiveSubscription } from '@pennon/sdk/live';
import { CookieJar, createNodeClient } from '@pennon/sdk/node';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../server/test/support/databases.ts';
import { type Cluster, startCluster } from '../support/cluster.ts';
import { createRunningGame } from '../support/games.ts';

const redisUrl = process.env.PENNON_TEST_REDIS_URL;
const postgres = databaseKinds().find((kind) => kind.name === 'postgres');
if (!redisUrl || !postgres)
  throw new Error('the multi-process test needs PENNON_TEST_REDIS_URL and PostgreSQL');

const adminPassword = 'Harbour2024';
const password = 'Secret123';
const teamCount = 8;
const challengeCount = 5;
/** Submissions in flight per team at any time. */
const perTeam = 2;
/** Acknowledged submissions before the kill and after it, so both sides see load. */
const acksBeforeKill = 150;
const acksAfterKill = 150;
/** At most this many submissions in all, whatever the speed of the machine. */
const maxSubmissions = 3_000;
const flagOf = (challenge: number) => `flag{relay_${challenge}}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Team {
  name: string;
  userName: string;
  jar: CookieJar;
  player: PennonClient;
}

interface Ack {
  team: number;
  challenge: number;
  id: number;
  answer: string;
  correct: boolean;
  /** When it was sent (ms since the epoch). */
  sentAt: number;
}

/** The scoreboard's standing: what must be the same from every process. */
const standing = (board: ScoreboardModel) =>
  JSON.stringify({
    items: board.items.map((item) => [
      item.name,
      item.score,
      item.rank,
      item.solvedChallenges.map((c) => c.id),
    ]),
    challenges: board.challenges,
  });

describe('three server processes behind HAProxy on PostgreSQL and Redis', () => {
  let database: Awaited<ReturnType<typeof postgres.create>>;
  let cluster: Cluster;
  let admin: PennonClient;
  let gameId: number;
  let token: string;
  const challenges: number[] = [];
  const titles: string[] = [];
  const teams: Team[] = [];
  const subscriptions: LiveSubscription[] = [];

  beforeAll(async () => {
    database = await postgres.create();
    cluster = await startCluster(3, {
      PENNON_DATABASE_URL: database.url,
      PENNON_REDIS_URL: redisUrl,
      PENNON_ADMIN_PASSWORD: adminPassword,
      // HAProxy is the proxy in front: the client address is the one it forwards.
      PENNON_TRUST_PROXY: 'loopback',
    });
    admin = createNodeClient({ baseUrl: cluster.url, retry: 0 });
    await admin.account.login({ userName: 'admin', password: adminPassword });
    gameId = await createRunningGame(admin, 'Relay Stations');
    for (let i = 0; i <= challengeCount; i++) {
      // The last one is solved only at the end, once every process is up again.
      const title = i < challengeCount ? `Station ${i}` : 'Finale';
      const { id } = await admin.edit.createChallenge(gameId, {
        title,
        category: 'Misc',
        type: 'StaticAttachment',
      });
      await admin.edit.addFlags(gameId, id, [{ flag: flagOf(i) }]);
      await admin.edit.updateChallenge(gameId, id, { isEnabled: true });
      challenges.push(id);
      titles.push(title);
    }
    ({ token } = await admin.tokens.create({ name: 'monitor' }));
    for (let i = 0; i < teamCount; i++) {
      const userName = `relay${i}`;
      const jar = new CookieJar();
      const player = createNodeClient({ baseUrl: cluster.url, retry: 0, cookieJar: jar });
      await player.account.register({ userName, email: `${userName}@example.com`, password });
      await player.account.login({ userName, password });
      const team = await player.team.create({ name: `Relay ${i}` });
      await player.game.join(gameId, { teamId: team.id });
      teams.push({ name: `Relay ${i}`, userName, jar, player });
    }
  }, 300_000);

  afterAll(async () => {
    await Promise.all(subscriptions.map((s) => s.stop().catch(() => {})));
    await cluster?.stop();
    await database?.drop();
  });

  /** Every notice and judged submission the hub clients of one process receive. */
  const listenOn = async (url: string) => {
    const heard = { notices: [] as GameNotice[], submissions: [] as Submission[] };
    subscriptions.push(
      await connectGameNotices(url, gameId, { notice: (n) => heard.notices.push(n) }, { mode: 'push' }),
      await connectMonitor(
        url,
        gameId,
        { submission: (s) => heard.submissions.push(s) },
        { mode: 'push', token },
      ),
    );
    return heard;
  };

  it('loses and repeats no acknowledged submission when a process is SIGKILLed mid-load', async () => {
    const victim = 1;
    const survivors = [0, 2];
    const hubs = await Promise.all(cluster.urls.map(listenOn));

    const acks: Ack[] = [];
    let refused = 0;
    let boards = 0;
    let stop = false;
    let counter = 0;
    const submitter = async (team: number) => {
      const { player } = teams[team] as Team;
      while (!stop && counter < maxSubmissions) {
        const n = counter++;
        const challenge = Math.floor(n / (teamCount * perTeam * 4)) % challengeCount;
        const correct = n % 4 === 0;
        const answer = correct ? flagOf(challenge) : `flag{static_${team}_${n}}`;
        const sentAt = Date.now();
        try {
          const id = await player.game.submit(gameId, challenges[challenge] as number, answer);
          acks.push({ team, challenge, id, answer, correct, sentAt });
        } catch {
          // In flight on the process as it died: never acknowledged, so the player submits again.
          refused++;
        }
      }
    };
    const reader = async () => {
      const viewer = createNodeClient({ baseUrl: cluster.url, retry: 0 });
      while (!stop) {
        await viewer.game.scoreboard(gameId).then(
          () => boards++,
          () => {},
        );
      }
    };
    const started = Date.now();
    const load = [
      ...teams.flatMap((_, team) => Array.from({ length: perTeam }, () => submitter(team))),
      reader(),
      reader(),
    ];
    const untilAcks = async (n: number) => {
      while (acks.length < n && counter < maxSubmissions) await sleep(20);
    };
    await untilAcks(acksBeforeKill);
    const ackedBeforeKill = acks.length;
    await cluster.kill(victim);
    const killedAt = Date.now() - started;
    const dead = Date.now();
    await untilAcks(ackedBeforeKill + acksAfterKill);
    stop = true;
    await Promise.all(load);
    const loadMs = Date.now() - started;
    // Started again, as a supervisor would: it judges what the dead process acknowledged and left unjudged, and
    // joins HAProxy once healthy. (Not under the load: on a busy two-core machine its start would starve.)
    await cluster.restart(victim);
    // The restarted process's hub clients: they must hear what is judged from now on.
    hubs[victim] = await listenOn(cluster.urls[victim] as string);
    console.log(
      `multi-process load: ${acks.length} submissions acknowledged in ${loadMs} ms (${refused} refused around ` +
        `the kill at ${killedAt} ms), ${boards} scoreboards read`,
    );
    // The load ran on both sides of the kill.
    expect(ackedBeforeKill).toBeGreaterThanOrEqual(acksBeforeKill);
    expect(acks.length - ackedBeforeKill).toBeGreaterThanOrEqual(acksAfterKill);
    expect(boards).toBeGreaterThan(0);

    // Every acknowledged submission is judged, once: one row with its verdict, and one monitor message on each
    // process that was up all along.
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const deadline = Date.now() + 20_000;
      const unjudged = async () =>
        Number(
          (await db.query("SELECT count(*) AS n FROM submissions WHERE status = 'FlagSubmitted'")).rows[0]?.n,
        );
      while ((await unjudged()) > 0 && Date.now() < deadline) await sleep(200);
      expect(await unjudged()).toBe(0);
      const rows = new Map(
        (await db.query('SELECT id, answer, status FROM submissions')).rows.map((r) => [Number(r.id), r]),
      );
      for (const ack of acks) {
        expect(rows.get(ack.id)).toMatchObject({
          answer: ack.answer,
          status: ack.correct ? 'Accepted' : 'WrongAnswer',
        });
      }
      // Wrong answers are all different: each is stored once, however HAProxy routed or retried it.
      const repeated = await db.query(
        "SELECT answer FROM submissions WHERE status = 'WrongAnswer' GROUP BY answer HAVING count(*) > 1",
      );
      expect(repeated.rows).toEqual([]);
      const judgedTwice = (heard: Submission[]) => {
        const seen = new Map<string, number>();
        for (const s of heard.filter((s) => s.status === 'WrongAnswer')) {
          seen.set(s.answer, (seen.get(s.answer) ?? 0) + 1);
        }
        return [...seen].filter(([, n]) => n > 1);
      };
      await sleep(500);
      for (const index of survivors) {
        const heard = (hubs[index] as Awaited<ReturnType<typeof listenOn>>).submissions;
        expect(judgedTwice(heard)).toEqual([]);
        // What the dead process judged just before the kill may have died with it unpublished (the hubs push at
        // most once, and the verdict is in the database all the same); whatever was sent after went to the others.
        const answers = new Set(heard.map((s) => s.answer));
        const unheard = acks.filter((a) => !a.correct && a.sentAt > dead && !answers.has(a.answer));
        expect(unheard).toEqual([]);
      }

      // Solves counted once: a team's solves are the challenges it sent the flag of, each once.
      const solves = await db.query(
        'SELECT participation_id, challenge_id, count(*) AS n FROM solves GROUP BY 1, 2 HAVING count(*) > 1',
      );
      expect(solves.rows).toEqual([]);
    } finally {
      await db.end();
    }
    // Each challenge's first solve was announced (a first-blood notice) to the user hub of every process up then.
    for (const index of survivors) {
      const bloods = (hubs[index] as Awaited<ReturnType<typeof listenOn>>).notices.filter(
        (n) => n.type === 'FirstBlood',
      );
      const solved = new Set(acks.filter((a) => a.correct).map((a) => titles[a.challenge]));
      expect(new Set(bloods.map((n) => n.values[1]))).toEqual(solved);
    }

    // The same scoreboard from every process (each rechecks the shared version within a second), with every
    // acknowledged solve on it.
    const boardOf = (url: string) => createNodeClient({ baseUrl: url, retry: 0 }).game.scoreboard(gameId);
    let views: string[] = [];
    for (let tries = 0; tries < 20; tries++) {
      views = (await Promise.all(cluster.urls.map(boardOf))).map(standing);
      if (new Set(views).size === 1) break;
      await sleep(250);
    }
    expect(new Set(views).size).toBe(1);
    const board = await boardOf(cluster.urls[victim] as string);
    for (const [team, { name }] of teams.entries()) {
      const solved = new Set(board.items.find((i) => i.name === name)?.solvedChallenges.map((c) => c.id));
      for (const ack of acks.filter((a) => a.team === team && a.correct)) {
        expect(solved.has(challenges[ack.challenge] as number)).toBe(true);
      }
    }

    // A solve and a notice made now reach the hub clients of all three processes, the restarted one's included.
    const finale = teams[0] as Team;
    await finale.player.game.submit(gameId, challenges[challengeCount] as number, flagOf(challengeCount));
    await admin.edit.createNotice(gameId, { content: 'The relay holds' });
    for (const heard of hubs) {
      await expect
        .poll(() => heard?.notices.map((n) => [n.type, n.values.at(-1)]), { timeout: 5_000 })
        .toEqual(
          expect.arrayContaining([
            ['FirstBlood', 'Finale'],
            ['Normal', 'The relay holds'],
          ]),
        );
      await expect
        .poll(() => heard?.submissions.some((s) => s.challenge === 'Finale' && s.status === 'Accepted'))
        .toBe(true);
    }
  }, 240_000);

  it('takes a session made through one process on every other', async () => {
    for (const team of teams) {
      for (const url of cluster.urls) {
        // The jar holds the cookie HAProxy's process set; the same cookie goes to each process directly.
        const direct = createNodeClient({ baseUrl: url, retry: 0, cookieJar: team.jar });
        expect((await direct.account.profile()).userName).toBe(team.userName);
      }
    }
  });

  it('counts one rate-limit budget across the processes', async () => {
    // A client of its own (HAProxy is trusted to name it): an address's 200 requests of the register policy per
    // 150 s in all, spread over the three processes, then refused by each of them.
    const client = `2001:db8::${Math.floor(Math.random() * 0xffff).toString(16)}`;
    const recover = (url: string) =>
      fetch(`${url}/api/account/recovery`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({ email: 'nobody@example.com' }),
      });
    for (let i = 0; i < 200; i++) {
      expect((await recover(cluster.urls[i % 3] as string)).status).not.toBe(429);
    }
    for (const url of [...cluster.urls, cluster.url]) expect((await recover(url)).status).toBe(429);
  });
});
