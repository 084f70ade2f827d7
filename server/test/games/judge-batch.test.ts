// Judging in batches and serving the scoreboard snapshot (§4.3, §4.7, §4.19): a burst of submissions judged together
// keeps each verdict its own, the snapshot goes out gzipped to clients that take it, and games about to start get
// their scoreboard built ahead.
import { gunzipSync } from 'node:zlib';
import { PostgresDriver, SqliteDriver } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RenderThread } from '../../src/games/render-thread.ts';
import { Scoreboards } from '../../src/games/scoreboard.ts';
import type { Snapshot } from '../../src/games/scoreboard-snapshot.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { gameBody, gameClient, type Player, signInAdmin } from './helpers.ts';

const minute = 60_000;

describe.each(databaseKinds())('batched judging and snapshot serving on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  let c: ReturnType<typeof gameClient>;
  let gameId: number;
  let challengeId: number;
  let players: Player[];

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAdmin(t.app, t.connection.db);
    c = gameClient(t.app);
    gameId = (await c.ok(admin, 'POST', '/api/edit/games', gameBody({ acceptWithoutReview: true }))).id;
    const base = `/api/edit/games/${gameId}/challenges`;
    challengeId = (
      await c.ok(admin, 'POST', base, { title: 'Buoy', type: 'StaticAttachment', category: 'Misc' })
    ).id;
    await c.ok(admin, 'POST', `${base}/${challengeId}/flags`, [{ flag: 'flag{buoy}' }]);
    await c.ok(admin, 'PUT', `${base}/${challengeId}`, { isEnabled: true });
    players = [];
    for (const name of ['ida', 'jon', 'kim', 'lea']) {
      const player = await c.signUp(name);
      await c.ok(player.token, 'POST', `/api/game/${gameId}`, {
        teamId: await c.createTeam(player, `team-${name}`),
      });
      players.push(player);
    }
  });
  afterAll(async () => t?.close());

  const verdict = async (who: Player, id: number): Promise<string> => {
    for (let i = 0; i < 500; i++) {
      const url = `/api/game/${gameId}/challenges/${challengeId}/status/${id}`;
      const status = await c.ok(who.token, 'GET', url);
      if (status !== 'FlagSubmitted') return status;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error('never judged');
  };

  /** A fresh enabled challenge with one flag. */
  const openChallenge = async (title: string, flag: string): Promise<number> => {
    const base = `/api/edit/games/${gameId}/challenges`;
    const { id } = await c.ok(admin, 'POST', base, { title, type: 'StaticAttachment', category: 'Misc' });
    await c.ok(admin, 'POST', `${base}/${id}/flags`, [{ flag }]);
    await c.ok(admin, 'PUT', `${base}/${id}`, { isEnabled: true });
    return id;
  };

  /** A submission stored but never judged, as a process that stopped between the two leaves it. */
  const storeUnjudged = async (who: Player, challengeId: number, answer: string): Promise<number> => {
    const db = t.connection.db;
    const { participation_id } = await db
      .selectFrom('participation_members')
      .select('participation_id')
      .where('game_id', '=', gameId)
      .where('user_id', '=', who.id)
      .executeTakeFirstOrThrow();
    const row = { game_id: gameId, participation_id, challenge_id: challengeId, user_id: who.id, answer };
    const { id } = await db
      .insertInto('submissions')
      .values({ ...row, time: Date.now(), status: 'FlagSubmitted' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  };

  it('gives each submission of a burst its own verdict, event and at most one solve per team', async () => {
    // Every team sends a wrong flag, the right one twice and a wrong one again, all at once.
    const sent = players.flatMap((p) =>
      ['flag{nope}', 'flag{buoy}', 'flag{buoy}', 'FLAG{buoy}'].map((flag) => ({ p, flag })),
    );
    const ids: number[] = await Promise.all(
      sent.map(({ p, flag }) =>
        c.ok(p.token, 'POST', `/api/game/${gameId}/challenges/${challengeId}`, { flag }),
      ),
    );
    expect(new Set(ids).size).toBe(sent.length);
    const verdicts = await Promise.all(sent.map(({ p }, i) => verdict(p, ids[i] as number)));
    expect(verdicts).toEqual(sent.map(({ flag }) => (flag === 'flag{buoy}' ? 'Accepted' : 'WrongAnswer')));

    const board = await c.ok(null, 'GET', `/api/game/${gameId}/scoreboard`);
    expect(board.challenges.Misc[0].solved).toBe(players.length);
    expect(board.items.map((i: { solvedCount: number }) => i.solvedCount)).toEqual(players.map(() => 1));
    const events = await c.ok(admin, 'GET', `/api/game/${gameId}/events?count=100`);
    const flagEvents = events.filter((e: { type: string }) => e.type === 'FlagSubmit');
    expect(flagEvents).toHaveLength(sent.length);
    const bloods = await t.connection.db
      .selectFrom('game_notices')
      .select('type')
      .where('game_id', '=', gameId)
      .where('type', 'in', ['FirstBlood', 'SecondBlood', 'ThirdBlood'])
      .orderBy('id')
      .execute();
    expect(bloods.map((b) => b.type)).toEqual(['FirstBlood', 'SecondBlood', 'ThirdBlood']);
  }, 60_000);

  it('stores and judges a burst of flags written like SQL or array syntax exactly as sent', async () => {
    // One statement per list on PostgreSQL carries each column as an array literal: none of these may split,
    // merge or turn into a null on the way.
    const flags = ['fl"ag{a,b}\\', 'NULL', "it's {x}"];
    const base = `/api/edit/games/${gameId}/challenges`;
    const { id: odd } = await c.ok(admin, 'POST', base, {
      title: 'Odd',
      type: 'StaticAttachment',
      category: 'Misc',
    });
    await c.ok(
      admin,
      'POST',
      `${base}/${odd}/flags`,
      flags.map((flag) => ({ flag })),
    );
    await c.ok(admin, 'PUT', `${base}/${odd}`, { isEnabled: true });
    const answers = [...flags, 'null', '{NULL}', '"NULL"', 'fl"ag{a', 'b}\\'];
    const sent = players.flatMap((p) => answers.map((flag) => ({ p, flag })));
    const ids: number[] = await Promise.all(
      sent.map(({ p, flag }) => c.ok(p.token, 'POST', `/api/game/${gameId}/challenges/${odd}`, { flag })),
    );
    const verdictOf = async (who: Player, id: number): Promise<string> => {
      for (let i = 0; i < 500; i++) {
        const status = await c.ok(who.token, 'GET', `/api/game/${gameId}/challenges/${odd}/status/${id}`);
        if (status !== 'FlagSubmitted') return status;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      throw new Error('never judged');
    };
    const verdicts = await Promise.all(sent.map(({ p }, i) => verdictOf(p, ids[i] as number)));
    expect(verdicts).toEqual(sent.map(({ flag }) => (flags.includes(flag) ? 'Accepted' : 'WrongAnswer')));
    const stored = await t.connection.db
      .selectFrom('submissions')
      .select(['id', 'answer', 'user_id'])
      .where('id', 'in', ids)
      .execute();
    expect(new Map(stored.map((s) => [s.id, [s.answer, s.user_id]]))).toEqual(
      new Map(sent.map(({ p, flag }, i) => [ids[i], [flag, p.id]])),
    );
    const events = await c.ok(admin, 'GET', `/api/game/${gameId}/events?count=100`);
    const answered = events
      .filter((e: { type: string; values: string[] }) => e.type === 'FlagSubmit' && e.values[2] === 'Odd')
      .map((e: { values: string[] }) => e.values[1]);
    expect(answered.sort()).toEqual(sent.map(({ flag }) => flag).sort());
  }, 60_000);

  it('answers each flag of a burst by its own checks, storing only those that pass', async () => {
    const [ida, jon] = players as [Player, Player];
    const outsider = await c.signUp('moe');
    const base = `/api/edit/games/${gameId}/challenges`;
    const { id: hidden } = await c.ok(admin, 'POST', base, {
      title: 'Hidden',
      type: 'StaticAttachment',
      category: 'Misc',
    });
    const sent = [
      { who: ida, challenge: challengeId, flag: 'flag{buoy}' },
      { who: outsider, challenge: challengeId, flag: 'flag{buoy}' },
      { who: jon, challenge: hidden, flag: 'flag{hidden}' },
      { who: jon, challenge: challengeId, flag: 'flag{burst}' },
    ];
    // Sent together: one batch, whose refused flags must leave the others stored and judged.
    const answers = await Promise.all(
      sent.map(({ who, challenge, flag }) =>
        c.call(who.token, 'POST', `/api/game/${gameId}/challenges/${challenge}`, { flag }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 400, 404, 200]);
    const [solved, stranger, unseen, wrong] = answers.map((a) => a.json());
    expect(stranger.title).toBe('You have not joined this game');
    expect(unseen.title).toBe('Challenge not found');
    expect(await verdict(ida, solved)).toBe('Accepted');
    expect(await verdict(jon, wrong)).toBe('WrongAnswer');
    const stored = await t.connection.db
      .selectFrom('submissions')
      .select('answer')
      .where('answer', 'in', ['flag{hidden}', 'flag{burst}'])
      .execute();
    expect(stored).toEqual([{ answer: 'flag{burst}' }]);
  });

  it("refuses the flags past a challenge's submission limit, a burst sent at once too", async () => {
    const [ida, jon] = players as [Player, Player];
    const gate = await openChallenge('Gate', 'flag{gate}');
    await c.ok(admin, 'PUT', `/api/edit/games/${gameId}/challenges/${gate}`, { submissionLimit: 3 });
    const url = `/api/game/${gameId}/challenges/${gate}`;
    await c.ok(ida.token, 'POST', url, { flag: 'flag{first}' });
    const burst = await Promise.all(
      Array.from({ length: 5 }, (_, n) => c.call(ida.token, 'POST', url, { flag: `flag{try-${n}}` })),
    );
    expect(burst.map((a) => a.statusCode).sort()).toEqual([200, 200, 400, 400, 400]);
    const late = await c.call(ida.token, 'POST', url, { flag: 'flag{gate}' });
    expect({ status: late.statusCode, title: late.json().title }).toEqual({
      status: 400,
      title: 'The submission limit is reached',
    });
    // Another team's attempts are its own.
    expect((await c.call(jon.token, 'POST', url, { flag: 'flag{gate}' })).statusCode).toBe(200);
    const stored = await t.connection.db
      .selectFrom('submissions')
      .select('user_id')
      .where('challenge_id', '=', gate)
      .execute();
    expect(stored.filter((s) => s.user_id === ida.id)).toHaveLength(3);
  });

  // Stored and judged in one transaction: no poll ever answers FlagSubmitted for them. On PostgreSQL the judge's
  // transaction follows the insert's.
  it.runIf(kind.name === 'sqlite')(
    'has the flags of a burst judged by the time their submits answer',
    async () => {
      const horn = await openChallenge('Horn', 'flag{horn}');
      const [ida, jon] = players as [Player, Player];
      const sent = [
        [ida, 'flag{lone}', 'WrongAnswer'],
        [jon, 'flag{also wrong}', 'WrongAnswer'],
        [jon, 'flag{horn}', 'Accepted'],
      ] as const;
      const ids = await Promise.all(
        sent.map(([who, flag]) =>
          c.ok(who.token, 'POST', `/api/game/${gameId}/challenges/${horn}`, { flag }),
        ),
      );
      const rows = await t.connection.db
        .selectFrom('submissions')
        .select(['id', 'status'])
        .where('id', 'in', ids)
        .execute();
      expect(ids.map((id) => rows.find((r) => r.id === id)?.status)).toEqual(
        sent.map(([, , status]) => status),
      );
    },
  );

  // SQLite stores and judges the flags checked together in one transaction. PostgreSQL stores a batch with its
  // verdicts and all they write (the solve, its blood, the events) in one statement, with no transaction.
  it('commits a burst of flags once on SQLite, and without a transaction on PostgreSQL', async () => {
    const siren = await openChallenge('Siren', 'flag{siren}');
    const url = `/api/game/${gameId}/challenges/${siren}`;
    const [ida, jon] = players as [Player, Player];
    const driver = kind.name === 'sqlite' ? SqliteDriver : PostgresDriver;
    const commitsFor = async (sent: (readonly [Player, string])[]): Promise<[number, string[]]> => {
      // Their visits recorded just before: the burst's own requests record none (a commit of its own).
      for (const [who] of sent) await c.ok(who.token, 'GET', url);
      const commits = vi.spyOn(driver.prototype, 'commitTransaction');
      try {
        const ids: number[] = await Promise.all(
          sent.map(([who, flag]) => c.ok(who.token, 'POST', url, { flag })),
        );
        const verdicts = await Promise.all(
          sent.map(async ([who], at) => {
            for (let i = 0; i < 500; i++) {
              const status = await c.ok(who.token, 'GET', `${url}/status/${ids[at]}`);
              if (status !== 'FlagSubmitted') return status as string;
              await new Promise((resolve) => setTimeout(resolve, 5));
            }
            throw new Error('never judged');
          }),
        );
        return [commits.mock.calls.length, verdicts];
      } finally {
        commits.mockRestore();
      }
    };
    const wrong = [
      [ida, 'flag{sire}'],
      [jon, 'flag{sirens}'],
      [jon, 'flag{SIREN}'],
    ] as const;
    expect(await commitsFor([...wrong])).toEqual([
      kind.name === 'sqlite' ? 1 : 0,
      wrong.map(() => 'WrongAnswer'),
    ]);
    expect(await commitsFor([...wrong, [ida, 'flag{siren}']])).toEqual([
      kind.name === 'sqlite' ? 1 : 0,
      [...wrong.map(() => 'WrongAnswer'), 'Accepted'],
    ]);
    // Each wrong flag has its event, as the monitor shows it, and the solve its own.
    const events = await c.ok(admin, 'GET', `/api/game/${gameId}/events?count=100`);
    const submitted = events
      .filter((e: { type: string; values: string[] }) => e.type === 'FlagSubmit' && e.values[2] === 'Siren')
      .map((e: { values: string[]; user: string; team: string }) => [
        e.values[0],
        e.values[1],
        e.user,
        e.team,
      ]);
    const sentTwice = [...wrong, ...wrong, [ida, 'flag{siren}'] as const];
    expect(submitted.sort()).toEqual(
      sentTwice
        .map(([who, flag]) => [
          flag === 'flag{siren}' ? 'Accepted' : 'WrongAnswer',
          flag,
          who.name,
          `team-${who.name}`,
        ])
        .sort(),
    );
    // The solve took the challenge's first blood, is in the admin log and on the scoreboard.
    const notices = await c.ok(ida.token, 'GET', `/api/game/${gameId}/notices`);
    expect(
      notices
        .filter((n: { type: string; values: string[] }) => n.values[1] === 'Siren')
        .map((n: { type: string; values: string[] }) => [n.type, ...n.values]),
    ).toEqual([['FirstBlood', 'team-ida', 'Siren']]);
    const logs = await c.ok(admin, 'GET', '/api/admin/logs?level=All&count=50');
    expect(logs.map((l: { msg: string }) => l.msg)).toContain('team-ida solved Siren');
    const board = await c.ok(ida.token, 'GET', `/api/game/${gameId}/scoreboard`);
    const row = board.items.find((i: { name: string }) => i.name === 'team-ida');
    expect(row.solvedChallenges.map((s: { id: number }) => s.id)).toContain(siren);
  });

  it('judges at start what a previous run stored but never judged', async () => {
    const lamp = await openChallenge('Lamp', 'flag{lamp}');
    const db = t.connection.db;
    const [ida, jon] = players as [Player, Player];
    const stored = [
      await storeUnjudged(ida, lamp, 'flag{lamp}'),
      await storeUnjudged(jon, lamp, 'flag{dark}'),
    ];
    const restarted = await t.reopen();
    await restarted.ready();
    const statusOf = async (id: number) => {
      for (let i = 0; i < 500; i++) {
        const row = await db
          .selectFrom('submissions')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        if (row.status !== 'FlagSubmitted') return row.status;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      throw new Error('never judged');
    };
    expect(await Promise.all(stored.map(statusOf))).toEqual(['Accepted', 'WrongAnswer']);
    const solves = await db
      .selectFrom('solves')
      .select('submission_id')
      .where('challenge_id', '=', lamp)
      .execute();
    expect(solves).toEqual([{ submission_id: stored[0] }]);
  });

  it('judges once what two processes starting together both find unjudged', async () => {
    const bell = await openChallenge('Bell', 'flag{bell}');
    const db = t.connection.db;
    const stored: number[] = [];
    for (const [index, who] of (players as Player[]).entries()) {
      for (const answer of [index === 0 ? 'flag{bell}' : 'flag{gong}', 'flag{chime}'])
        stored.push(await storeUnjudged(who, bell, answer));
    }
    // Both re-queue every stored submission at start; each must be judged by one of them only.
    const processes = await Promise.all([t.reopen(), t.reopen()]);
    await Promise.all(processes.map((p) => p.ready()));
    await Promise.all(processes.map((p) => p.close()));
    const left = await db.selectFrom('submissions').select('id').where('id', 'in', stored);
    expect(await left.where('status', '=', 'FlagSubmitted').execute()).toEqual([]);
    const events = await db
      .selectFrom('game_events')
      .select('values')
      .where('game_id', '=', gameId)
      .where('type', '=', 'FlagSubmit')
      .execute();
    expect(events.filter((e) => String(e.values).includes('Bell'))).toHaveLength(stored.length);
    const bloods = await db
      .selectFrom('game_notices')
      .select('values')
      .where('game_id', '=', gameId)
      .where('type', '=', 'FirstBlood')
      .execute();
    expect(bloods.filter((n) => String(n.values).includes('Bell'))).toHaveLength(1);
  });

  it('sends the snapshot gzipped to clients that accept it, with the same ETag and content', async () => {
    // A game of its own: the processes of the test above changed this one's board, which this server may notice
    // between two of the reads below and publish anew with another ETag.
    const { id } = await c.ok(admin, 'POST', '/api/edit/games', gameBody({ acceptWithoutReview: true }));
    const url = `/api/game/${id}/scoreboard`;
    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    // Compressed on first demand, off the event loop; every client that takes gzip gets it, the first ones too.
    const zips = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } }),
      ),
    );
    expect(zips.map((z) => z.headers['content-encoding'])).toEqual(Array(5).fill('gzip'));
    const zipped = zips[0] as (typeof zips)[number];
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
    const refused = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    const revalidated = await t.app.inject({
      url,
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(plain.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('checks for changes from other processes once for all the reads of a moment', async () => {
    let queries = 0;
    const counted = t.connection.db.withPlugin({
      transformQuery: (args) => {
        queries++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    let clock = Date.now();
    const boards = new Scoreboards(counted, { now: () => clock });
    const first = await boards.get(gameId);
    clock += 1500;
    queries = 0;
    const reads = await Promise.all(Array.from({ length: 20 }, () => boards.get(gameId)));
    expect(queries).toBe(1);
    expect(reads.every((read) => read === first)).toBe(true);
    // Another process's change (its own Scoreboards) is seen at the next check, by every read of it.
    await new Scoreboards(t.connection.db).invalidate(gameId);
    clock += 1500;
    const after = await Promise.all(Array.from({ length: 5 }, () => boards.get(gameId)));
    expect(after[0]).not.toBe(first);
    expect(after[0]?.version).toBe((first?.version ?? 0) + 1);
    expect(after.every((read) => read === after[0])).toBe(true);
  });

  // Everything but the moment it was made.
  const contents = (snapshot: Snapshot | undefined) => {
    if (!snapshot) throw new Error('no snapshot');
    const { updateTimeUtc: _, ...model } = snapshot.model();
    return {
      model,
      teams: model.items.map((item) => snapshot.team(item.id)),
      challenges: [...snapshot.challenges],
    };
  };

  /** Every first solve of the game: what the worker's threshold counts. */
  const solveCount = async () => {
    const { n } = await t.connection.db
      .selectFrom('solves')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('game_id', '=', gameId)
      .executeTakeFirstOrThrow();
    return Number(n);
  };

  it('renders the snapshot of a game with enough solves on the worker once it is up, here while it starts', async () => {
    const here = await new Scoreboards(t.connection.db).get(gameId);
    expect(here?.model().items).toHaveLength(players.length);
    const solves = await solveCount();
    expect(solves).toBeGreaterThan(0);
    // One solve short of the threshold: rendered here, always.
    const above = new RenderThread(t.database.url, solves + 1);
    const notUsed = vi.spyOn(above, 'render');
    const thread = new RenderThread(t.database.url, solves);
    const render = vi.spyOn(thread, 'render');
    try {
      const boards = new Scoreboards(t.connection.db, { thread });
      for (const board of [boards, new Scoreboards(t.connection.db, { thread: above })])
        expect(contents(await board.get(gameId))).toEqual(contents(here));
      expect(notUsed).not.toHaveBeenCalled();
      // The first build started the worker and did not wait for it.
      expect(render).not.toHaveBeenCalled();
      await vi.waitFor(() => expect(thread.ready).toBe(true), { timeout: 20_000 });
      await boards.invalidate(gameId);
      const there = await boards.get(gameId);
      await expect(render.mock.results[0]?.value).resolves.toBeDefined();
      expect(contents(there)).toEqual(contents(here));
      // The worker's body is what the scoreboard serves: the model as JSON.
      expect(JSON.parse(String(there?.body))).toEqual(there?.model());
    } finally {
      await Promise.all([thread.close(), above.close()]);
    }
  });

  it('starts the worker ahead once a game has half the solves it takes to render there', async () => {
    const solves = await solveCount();
    expect(solves).toBeGreaterThan(0);
    const far = new RenderThread(t.database.url, solves * 2 + 1);
    const near = new RenderThread(t.database.url, solves * 2);
    const renders = [vi.spyOn(far, 'render'), vi.spyOn(near, 'render')];
    try {
      for (const thread of [far, near]) await new Scoreboards(t.connection.db, { thread }).get(gameId);
      // Both rendered here; only the one half way there started its worker.
      for (const render of renders) expect(render).not.toHaveBeenCalled();
      expect([far.started, near.started]).toEqual([false, true]);
    } finally {
      await Promise.all([far.close(), near.close()]);
    }
  });

  it('renders on this thread when the worker cannot', async () => {
    const here = await new Scoreboards(t.connection.db).get(gameId);
    // The worker starts, but its database does not answer.
    const thread = new RenderThread('postgres://nobody@127.0.0.1:1/nothing', 0);
    const render = vi.spyOn(thread, 'render');
    try {
      const boards = new Scoreboards(t.connection.db, { thread });
      await boards.get(gameId);
      await vi.waitFor(() => expect(thread.ready).toBe(true), { timeout: 20_000 });
      await boards.invalidate(gameId);
      const snapshot = await boards.get(gameId);
      await expect(render.mock.results[0]?.value).rejects.toThrow();
      expect(contents(snapshot)).toEqual(contents(here));
    } finally {
      await thread.close();
    }
  });

  it('does not start a worker again for a minute after one failed', async () => {
    // The worker cannot even open its database: its folder would be inside a file.
    const thread = new RenderThread('sqlite:/etc/hostname/scoreboard.db', 0);
    const render = vi.spyOn(thread, 'render');
    try {
      const boards = new Scoreboards(t.connection.db, { thread });
      expect((await boards.get(gameId))?.model().items).toHaveLength(players.length);
      expect(thread.started).toBe(true);
      await vi.waitFor(() => expect(thread.started).toBe(false), { timeout: 20_000 });
      await boards.invalidate(gameId);
      expect((await boards.get(gameId))?.model().items).toHaveLength(players.length);
      expect(thread.started).toBe(false);
      expect(render).not.toHaveBeenCalled();
    } finally {
      await thread.close();
    }
  });

  it('builds the scoreboards of games starting within 15 minutes ahead, and no others', async () => {
    const now = Date.now();
    const soon = (
      await c.ok(
        admin,
        'POST',
        '/api/edit/games',
        gameBody({ start: now + 10 * minute, end: now + 60 * minute }),
      )
    ).id;
    const later = (
      await c.ok(
        admin,
        'POST',
        '/api/edit/games',
        gameBody({ start: now + 30 * minute, end: now + 90 * minute }),
      )
    ).id;
    const built = await new Scoreboards(t.connection.db).prebuild(15 * minute);
    expect(built).toContain(soon);
    expect(built).not.toContain(later);
    expect(built).not.toContain(gameId);
  });
});
