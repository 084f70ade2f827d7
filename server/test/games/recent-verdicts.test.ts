// The status poll answered from memory (issue #32): the verdict of a recent submission comes without a database
// round trip, on the process that judged it and, through the live bus, on the others; the answers are the ones the
// database gives.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Judge } from '../../src/games/judge.ts';
import { JudgingCache } from '../../src/games/judging-cache.ts';
import { RecentVerdicts } from '../../src/games/recent-verdicts.ts';
import { type LiveMessage, LocalBus, type Verdict } from '../../src/live/bus.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { withAndWithoutRedis } from '../support/databases.ts';
import { gameBody, gameClient, type Player, signInAdmin } from './helpers.ts';

const setups = withAndWithoutRedis();

describe.each(setups)('submission status from memory on $name', ({ kind, env }) => {
  let t: TestApp;
  let c: ReturnType<typeof gameClient>;
  let gameId: number;
  let challengeId: number;
  let ann: Player;
  let ben: Player;

  beforeAll(async () => {
    t = await startTestApp(kind, env);
    const admin = await signInAdmin(t.app, t.connection.db);
    c = gameClient(t.app);
    gameId = (await c.ok(admin, 'POST', '/api/edit/games', gameBody({ acceptWithoutReview: true }))).id;
    const base = `/api/edit/games/${gameId}/challenges`;
    challengeId = (
      await c.ok(admin, 'POST', base, { title: 'Buoy', type: 'StaticAttachment', category: 'Misc' })
    ).id;
    await c.ok(admin, 'POST', `${base}/${challengeId}/flags`, [{ flag: 'flag{buoy}' }]);
    await c.ok(admin, 'PUT', `${base}/${challengeId}`, { isEnabled: true });
    ann = await c.signUp('ann');
    ben = await c.signUp('ben');
    for (const player of [ann, ben]) {
      await c.ok(player.token, 'POST', `/api/game/${gameId}`, {
        teamId: await c.createTeam(player, `team-${player.name}`),
      });
    }
  }, 60_000);
  afterAll(async () => t?.close());

  const url = (id: number, challenge = challengeId) =>
    `/api/game/${gameId}/challenges/${challenge}/status/${id}`;
  const poll = (app: FastifyInstance, who: Player, id: number, challenge = challengeId) =>
    gameClient(app).call(who.token, 'GET', url(id, challenge));
  const verdict = async (app: FastifyInstance, who: Player, id: number) => {
    for (let i = 0; i < 500; i++) {
      const res = await poll(app, who, id);
      if (res.json() !== 'FlagSubmitted') return res.json();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error('never judged');
  };
  const submit = (who: Player, flag: string): Promise<number> =>
    c.ok(who.token, 'POST', `/api/game/${gameId}/challenges/${challengeId}`, { flag });
  /** Sets a stored verdict behind the server's back: an answer that still shows the old one came from memory. */
  const overwrite = (id: number, status: 'Accepted' | 'WrongAnswer') =>
    t.connection.db.updateTable('submissions').set({ status }).where('id', '=', id).execute();

  it('answers exactly what the database answers', async () => {
    const solved = await submit(ann, 'flag{buoy}');
    const wrong = await submit(ann, 'flag{nope}');
    expect(await verdict(t.app, ann, solved)).toBe('Accepted');
    expect(await verdict(t.app, ann, wrong)).toBe('WrongAnswer');
    // A server started now has none of these verdicts in memory: it reads them from the database.
    const fromDatabase = await t.reopen();
    const asked: [Player, number, number][] = [
      [ann, solved, challengeId],
      [ann, wrong, challengeId],
      [ben, solved, challengeId], // someone else's submission: not found, whoever knows it
      [ann, solved, challengeId + 1000], // under another challenge: not found
    ];
    for (const [who, id, challenge] of asked) {
      const remembered = await poll(t.app, who, id, challenge);
      const read = await poll(fromDatabase, who, id, challenge);
      expect({
        status: remembered.statusCode,
        type: remembered.headers['content-type'],
        body: remembered.body,
      }).toEqual({ status: read.statusCode, type: read.headers['content-type'], body: read.body });
    }
  });

  it('answers the first poll after a submission with its verdict, not FlagSubmitted', async () => {
    // The poll waits for the judge of this process (which takes a few database round trips) instead of sending the
    // client back for another try.
    for (const [flag, expected] of [
      ['flag{nope}', 'WrongAnswer'],
      ['flag{buoy}', 'Accepted'],
    ] as const) {
      const id = await submit(ann, flag);
      expect((await poll(t.app, ann, id)).json()).toBe(expected);
    }
  });

  it('answers a recent verdict without reading the database', async () => {
    const id = await submit(ben, 'flag{buoy}');
    expect(await verdict(t.app, ben, id)).toBe('Accepted');
    await overwrite(id, 'WrongAnswer');
    expect((await poll(t.app, ben, id)).json()).toBe('Accepted');
  });

  /**
   * Runs `meanwhile` while a submission waits for its verdict: it is stored for the judge's queue (as while the judge
   * is busy), whose next batch waits before reading what it judges by (the flags and rules); then lets it go on.
   */
  const judgeHeld = async (meanwhile: () => Promise<void>) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const read = JudgingCache.prototype.read;
    const queued = vi.spyOn(Judge.prototype, 'judgeNew').mockResolvedValue(undefined);
    const spy = vi.spyOn(JudgingCache.prototype, 'read').mockImplementation(async function (
      this: JudgingCache,
      ...args
    ) {
      await held;
      return read.apply(this, args);
    });
    try {
      await meanwhile();
    } finally {
      release();
      spy.mockRestore();
      queued.mockRestore();
    }
  };

  it('answers a submission waiting for its verdict as the database does, without reading it', async () => {
    let id = 0;
    await judgeHeld(async () => {
      id = await submit(ann, 'flag{waiting}');
      // A server started now reads the database (it queues the submission too, but judges it only once let go).
      const fromDatabase = await t.reopen();
      for (const [who, challenge] of [
        [ann, challengeId],
        [ben, challengeId],
        [ann, challengeId + 1000],
      ] as const) {
        const remembered = await poll(t.app, who, id, challenge);
        const read = await poll(fromDatabase, who, id, challenge);
        expect({
          status: remembered.statusCode,
          type: remembered.headers['content-type'],
          body: remembered.body,
        }).toEqual({ status: read.statusCode, type: read.headers['content-type'], body: read.body });
      }
      expect((await poll(t.app, ann, id)).json()).toBe('FlagSubmitted');
      await overwrite(id, 'Accepted');
      expect((await poll(t.app, ann, id)).json()).toBe('FlagSubmitted');
    });
    // Judged meanwhile as far as the database goes: the judge finds it so, and the poll then reads the database.
    expect(await verdict(t.app, ann, id)).toBe('Accepted');
  });

  it.runIf(Object.keys(env).length > 0)(
    'answers on another server a verdict judged on this one, learnt through the Redis bus',
    async () => {
      const other = await t.reopen();
      // Listened to first: the submission is answered once its verdict left for the other processes, which may hear
      // it before the answer is read here.
      const judged = new Set<number>();
      let heard = () => {};
      const stop = other.bus.subscribe((message: LiveMessage) => {
        if (message.hub !== 'verdicts') return;
        for (const [id] of message.payload) judged.add(id);
        heard();
      });
      const id = await submit(ann, 'flag{again}');
      expect(await verdict(t.app, ann, id)).toBe('WrongAnswer');
      while (!judged.has(id))
        await new Promise<void>((resolve) => {
          heard = resolve;
        });
      stop();
      await overwrite(id, 'Accepted');
      expect((await poll(other, ann, id)).json()).toBe('WrongAnswer');
    },
  );
});

describe('recent verdicts kept in memory', () => {
  const user = 'a3f0c1de-0000-4000-8000-000000000001';
  const setup = () => {
    const bus = new LocalBus();
    let now = 1_700_000_000_000;
    const recent = new RecentVerdicts(bus, () => now);
    const judged = (...verdicts: Verdict[]) =>
      bus.publish({ hub: 'verdicts', method: 'Judged', payload: verdicts });
    return { recent, judged, later: (ms: number) => (now += ms) };
  };

  it('keeps a verdict for a minute, for its own submitter, game and challenge only', () => {
    const { recent, judged, later } = setup();
    judged([41, 7, 9, user, 'Accepted'], [42, 7, 9, null, 'WrongAnswer']);
    expect(recent.get(user, 7, 9, 41)).toBe('Accepted');
    expect(recent.get('someone-else', 7, 9, 41)).toBeUndefined();
    expect(recent.get(user, 8, 9, 41)).toBeUndefined();
    expect(recent.get(user, 7, 10, 41)).toBeUndefined();
    expect(recent.get(user, 7, 9, 42)).toBeUndefined(); // a deleted submitter's: nobody's
    expect(recent.get(user, 7, 9, 43)).toBeUndefined();
    later(59_999);
    expect(recent.get(user, 7, 9, 41)).toBe('Accepted');
    later(1);
    expect(recent.get(user, 7, 9, 41)).toBeUndefined();
  });

  it('gives up an old verdict to a much newer submission, and keeps a re-judged one as judged last', () => {
    const { recent, judged } = setup();
    judged([5, 1, 1, user, 'WrongAnswer']);
    judged([5, 1, 1, user, 'Accepted']);
    expect(recent.get(user, 1, 1, 5)).toBe('Accepted');
    // 2^17 submissions later the same place holds the newer one; the old one is read from the database.
    judged([5 + 2 ** 17, 1, 1, user, 'CheatDetected']);
    expect(recent.get(user, 1, 1, 5)).toBeUndefined();
    expect(recent.get(user, 1, 1, 5 + 2 ** 17)).toBe('CheatDetected');
    expect(recent.get(user, 1, 1, -1)).toBeUndefined();
    expect(recent.get(user, 1, 1, Number.NaN)).toBeUndefined();
  });
});
