// Joining games, the review, and playing (§2.6, §4.4–§4.8): divisions and invite codes, the team lock, the
// division-filtered challenge list, per-team dynamic flags, the end of a game and practice mode.
import { GamePermission } from '@pennon/sdk/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { teamHash } from '../../src/games/dynamic-flag.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { gameBody, gameClient, type Method, type Player, signInAdmin } from './helpers.ts';

const { JoinGame, ViewChallenge, SubmitFlags, GetScore } = GamePermission;
const hour = 3_600_000;

describe.each(databaseKinds())('playing games on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  let c: ReturnType<typeof gameClient>;
  let ann: Player;
  let amy: Player;
  let ben: Player;
  let gus: Player;
  let alpha: number;
  let beta: number;
  let gamma: number;
  let game: { id: number; publicKey: string };
  const ids = { open: 0, review: 0, web: 0, crypto: 0, draft: 0, box: 0, files: 0 };

  const as = (who: Player | null, method: Method, url: string, payload?: unknown) =>
    c.call(who?.token ?? null, method, url, payload);
  const adminOk = (method: Method, url: string, payload?: unknown) => c.ok(admin, method, url, payload);
  const expectError = async (res: Awaited<ReturnType<typeof as>>, status: number, body = status) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ status: body, title: expect.any(String) });
    return res.json().title as string;
  };
  const join = (who: Player, gameId: number, body: object) => as(who, 'POST', `/api/game/${gameId}`, body);
  const challenge = async (gameId: number, title: string, type: string, category: string, setup: object) => {
    const base = `/api/edit/games/${gameId}/challenges`;
    const { id } = await adminOk('POST', base, { title, type, category });
    if ('flags' in setup) await adminOk('POST', `${base}/${id}/flags`, setup.flags);
    const { flags: _flags, ...update } = setup as { flags?: unknown };
    await adminOk('PUT', `${base}/${id}`, update);
    return id as number;
  };
  const participationOf = async (gameId: number, teamId: number) =>
    (await adminOk('GET', `/api/game/${gameId}/participations`)).find(
      (p: { team: { id: number } }) => p.team.id === teamId,
    );

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAdmin(t.app, t.connection.db);
    c = gameClient(t.app);
    ann = await c.signUp('ann');
    amy = await c.signUp('amy');
    ben = await c.signUp('ben');
    gus = await c.signUp('gus');
    alpha = await c.createTeam(ann, 'alpha', [amy]);
    beta = await c.createTeam(ben, 'beta');
    gamma = await c.createTeam(gus, 'gamma');

    game = await adminOk('POST', '/api/edit/games', gameBody({ practiceMode: false, inviteCode: 'harbour' }));
    const g = game.id;
    ids.web = await challenge(g, 'Open book', 'StaticAttachment', 'Web', {
      flags: [{ flag: 'flag{static}' }],
      isEnabled: true,
    });
    await adminOk('POST', `/api/edit/games/${g}/challenges/${ids.web}/attachment`, {
      attachmentType: 'Remote',
      remoteUrl: 'https://files.example/book.pdf',
    });
    ids.crypto = await challenge(g, 'Secret', 'StaticAttachment', 'Crypto', {
      flags: [{ flag: 'flag{secret}' }],
      isEnabled: true,
    });
    ids.draft = await challenge(g, 'Draft', 'StaticAttachment', 'Misc', { flags: [{ flag: 'flag{draft}' }] });
    ids.box = await challenge(g, 'Per team box', 'DynamicContainer', 'Pwn', {
      flagTemplate: 'flag{[TEAM_HASH]}',
      isEnabled: true,
    });
    ids.files = await challenge(g, 'Own file', 'DynamicAttachment', 'Misc', {
      flags: [
        { flag: 'flag{file_a}', attachmentType: 'Remote', remoteUrl: 'https://files.example/a' },
        { flag: 'flag{file_b}', attachmentType: 'Remote', remoteUrl: 'https://files.example/b' },
      ],
      isEnabled: true,
    });
    ids.open = (
      await adminOk('POST', `/api/edit/games/${g}/divisions`, {
        name: 'Open',
        defaultPermissions: JoinGame | ViewChallenge | SubmitFlags | GetScore,
        challengeConfigs: [{ challengeId: ids.crypto, permissions: JoinGame }],
      })
    ).id;
    ids.review = (
      await adminOk('POST', `/api/edit/games/${g}/divisions`, { name: 'Reviewed', inviteCode: 'rev' })
    ).id;
  });
  afterAll(async () => t?.close());

  it('refuses joins that break the rules, with clear envelopes', async () => {
    await expectError(await join(ann, 99999, { teamId: alpha }), 404);
    await expectError(await join(ann, game.id, { teamId: 99999 }), 404);
    expect(await expectError(await join(ben, game.id, { teamId: alpha }), 400)).toMatch(/not in this team/);
    expect(await expectError(await join(ann, game.id, { teamId: alpha }), 400)).toMatch(/division/);
    const wrong = { teamId: alpha, divisionId: ids.review, inviteCode: 'harbour' };
    expect(await expectError(await join(ann, game.id, wrong), 400)).toMatch(/invite code/);
    await expectError(await join(ann, game.id, { teamId: 'x' }), 400);
    await expectError(await as(null, 'POST', `/api/game/${game.id}`, { teamId: alpha }), 401);
  });

  it('refuses ids beyond 32 bits with a clear 400, on either database', async () => {
    const huge = 2 ** 31;
    expect(await expectError(await as(null, 'GET', `/api/game/${huge}`), 400)).toMatch(/id/);
    expect(await expectError(await join(ann, game.id, { teamId: huge }), 400)).toMatch(/teamId/);
    const flag = { flag: 'flag{x}' };
    await expectError(await as(ann, 'POST', `/api/game/${game.id}/challenges/${huge}`, flag), 400);
    await expectError(await c.call(admin, 'GET', `/api/edit/games/${game.id}/challenges/${huge}`), 400);
  });

  it('accepts at once into a division without review; the team sees only what its division may view', async () => {
    // A division without a code of its own takes the game's: adding divisions never opens a game with a code.
    const open = { teamId: beta, divisionId: ids.open };
    expect(await expectError(await join(ben, game.id, open), 400)).toMatch(/invite code/);
    expect(await expectError(await join(ben, game.id, { ...open, inviteCode: 'rev' }), 400)).toMatch(
      /invite/,
    );
    expect((await join(ben, game.id, { ...open, inviteCode: 'harbour' })).statusCode).toBe(200);
    expect(await c.ok(ben.token, 'GET', `/api/game/${game.id}`)).toMatchObject({
      status: 'Accepted',
      teamName: 'beta',
      division: ids.open,
      teamCount: 1,
      inviteCodeRequired: true,
      divisions: [
        { id: ids.open, name: 'Open', inviteCodeRequired: true },
        { id: ids.review, name: 'Reviewed', inviteCodeRequired: true },
      ],
    });
    expect((await c.ok(null, 'GET', `/api/game/${game.id}`)).status).toBe('Unsubmitted');

    const details = await c.ok(ben.token, 'GET', `/api/game/${game.id}/details`);
    const titles = Object.fromEntries(
      Object.entries(details.challenges).map(([category, list]) => [
        category,
        (list as { title: string }[]).map((x) => x.title),
      ]),
    );
    expect(titles).toEqual({ Web: ['Open book'], Pwn: ['Per team box'], Misc: ['Own file'] });
    expect(details.challengeCount).toBe(3);
    expect(details.rank).toMatchObject({ id: beta, name: 'beta', rank: 0, score: 0, solvedChallenges: [] });
    expect(details.teamToken).toMatch(new RegExp(`^${beta}:`));
    const verify = await as(null, 'POST', '/api/team/verify', {
      teamToken: details.teamToken,
      publicKey: game.publicKey,
    });
    expect(verify.statusCode, verify.body).toBe(200);

    await expectError(await as(ben, 'GET', `/api/game/${game.id}/challenges/${ids.crypto}`), 404);
    await expectError(await as(ben, 'GET', `/api/game/${game.id}/challenges/${ids.draft}`), 404);
    await expectError(await as(ben, 'GET', `/api/game/${game.id}/challenges/0`), 404);
    expect(await c.ok(ben.token, 'GET', `/api/game/${game.id}/challenges/${ids.web}`)).toMatchObject({
      title: 'Open book',
      type: 'StaticAttachment',
      score: 1000,
      limit: 0,
      attempts: 0,
      context: { url: 'https://files.example/book.pdf', instanceEntry: null, closeTime: null },
      // The placeholder shows the flags' prefix, never what is inside the braces.
      flagFormat: 'flag{...}',
    });
  });

  it('keeps a reviewed join Pending until an admin accepts it, which locks the team', async () => {
    const body = { teamId: alpha, divisionId: ids.review, inviteCode: 'rev' };
    expect((await join(ann, game.id, body)).statusCode).toBe(200);
    expect((await c.ok(ann.token, 'GET', `/api/game/${game.id}`)).status).toBe('Pending');
    expect(await expectError(await as(ann, 'GET', `/api/game/${game.id}/details`), 400)).toMatch(/accepted/);
    expect(await c.ok(amy.token, 'GET', `/api/game/${game.id}/check`)).toEqual({
      joinedTeams: [{ id: alpha, division: ids.review }],
      joinableDivisions: [ids.open, ids.review],
      teams: [{ id: alpha, division: ids.review, status: 'Pending' }],
    });

    // A teammate may come and go while the participation is pending, joining it as it stands: no division to
    // choose, no code to give, and not another division.
    expect((await join(amy, game.id, { teamId: alpha })).statusCode).toBe(200);
    expect((await participationOf(game.id, alpha)).registeredMembers).toHaveLength(2);
    expect((await c.ok(amy.token, 'GET', `/api/game/${game.id}`)).status).toBe('Pending');
    expect((await join(amy, game.id, body)).statusCode).toBe(200);
    const elsewhere = { ...body, divisionId: ids.open, inviteCode: 'harbour' };
    expect(await expectError(await join(amy, game.id, elsewhere), 400)).toMatch(/division/);
    expect((await as(amy, 'DELETE', `/api/game/${game.id}`)).statusCode).toBe(200);
    await expectError(await as(amy, 'DELETE', `/api/game/${game.id}`), 400);

    const pending = await participationOf(game.id, alpha);
    expect(pending).toMatchObject({ status: 'Pending', divisionId: ids.review, registeredMembers: [ann.id] });
    expect(pending.team).toMatchObject({ name: 'alpha', locked: false, captainId: ann.id });
    expect(pending.team.members.map((m: { userName: string }) => m.userName).sort()).toEqual(['amy', 'ann']);
    // The team as the game shows it: only who plays that game with it.
    const names = async (query: string) =>
      (await c.ok(null, 'GET', `/api/team/${alpha}${query}`)).members.map(
        (m: { userName: string }) => m.userName,
      );
    expect(await names(`?game=${game.id}`)).toEqual(['ann']);
    expect((await names('')).sort()).toEqual(['amy', 'ann']);
    await expectError(await c.call(null, 'GET', `/api/team/${alpha}?game=x`), 400);

    await adminOk('PUT', `/api/admin/participation/${pending.id}`, {
      status: 'Accepted',
      divisionId: ids.review,
    });
    expect((await c.ok(null, 'GET', `/api/team/${alpha}`)).locked).toBe(true);
    expect(await expectError(await as(ann, 'POST', `/api/team/${alpha}/kick/${amy.id}`), 400)).toMatch(
      /locked/,
    );
    expect((await as(ann, 'GET', `/api/game/${game.id}/details`)).statusCode).toBe(200);
    expect(await expectError(await as(ann, 'DELETE', `/api/game/${game.id}`), 400)).toMatch(
      /pending or rejected/,
    );
    await expectError(await as(ann, 'GET', `/api/game/${game.id}/participations`), 403);
    await expectError(await c.call(admin, 'GET', '/api/game/99999/participations'), 404, 400);
    await expectError(await c.call(admin, 'PUT', '/api/admin/participation/99999', {}), 404);
  });

  it('lets a user play a game through one team only', async () => {
    const side = await c.createTeam(ann, 'side');
    const res = await join(ann, game.id, { teamId: side, divisionId: ids.open, inviteCode: 'harbour' });
    expect(await expectError(res, 400)).toMatch(/another team/);
  });

  it('clears the division of a rejected team, which may then join again', async () => {
    expect(
      (await join(gus, game.id, { teamId: gamma, divisionId: ids.review, inviteCode: 'rev' })).statusCode,
    ).toBe(200);
    const { id } = await participationOf(game.id, gamma);
    await adminOk('PUT', `/api/admin/participation/${id}`, { status: 'Rejected', divisionId: ids.review });
    expect(await participationOf(game.id, gamma)).toMatchObject({ status: 'Rejected', divisionId: null });
    expect(
      (await join(gus, game.id, { teamId: gamma, divisionId: ids.open, inviteCode: 'harbour' })).statusCode,
    ).toBe(200);
    expect(await participationOf(game.id, gamma)).toMatchObject({ status: 'Accepted', divisionId: ids.open });
    // Clearing through the review: a missing divisionId drops it, an unknown one is ignored.
    await adminOk('PUT', `/api/admin/participation/${id}`, { divisionId: 99999 });
    expect((await participationOf(game.id, gamma)).divisionId).toBe(ids.open);
  });

  it('gives each team its own dynamic flag and attachment, never another team’s', async () => {
    const url = `/api/game/${game.id}/challenges/${ids.box}`;
    const forBen = await c.ok(ben.token, 'GET', url);
    await c.ok(gus.token, 'GET', url);
    const flags = await t.connection.db
      .selectFrom('game_instances')
      .innerJoin('participations', 'participations.id', 'game_instances.participation_id')
      .select(['participations.team_id', 'participations.token', 'game_instances.flag'])
      .where('game_instances.challenge_id', '=', ids.box)
      .where('participations.team_id', 'in', [beta, gamma])
      .orderBy('participations.team_id')
      .execute();
    expect(flags).toHaveLength(2);
    const salt = await adminOk('GET', `/api/edit/games/${game.id}/hashsalt`);
    for (const row of flags) expect(row.flag).toBe(`flag{${teamHash(salt, ids.box, row.token)}}`);
    expect(flags[0]?.flag).not.toBe(flags[1]?.flag);
    expect(JSON.stringify(forBen)).not.toContain(flags[0]?.flag);
    // A second look keeps the flag.
    await c.ok(ben.token, 'GET', url);
    const again = await t.connection.db
      .selectFrom('game_instances')
      .select('flag')
      .where('challenge_id', '=', ids.box)
      .where('flag', '=', flags[0]?.flag as string)
      .execute();
    expect(again).toHaveLength(1);

    const files = `/api/game/${game.id}/challenges/${ids.files}`;
    const benFile = (await c.ok(ben.token, 'GET', files)).context.url;
    const gusFile = (await c.ok(gus.token, 'GET', files)).context.url;
    expect([benFile, gusFile].sort()).toEqual(['https://files.example/a', 'https://files.example/b']);
    expect((await c.ok(ben.token, 'GET', files)).context.url).toBe(benFile);
    // Both flags are taken: a third team has no attachment left.
    expect(await expectError(await as(ann, 'GET', files), 404)).toMatch(/left/);
    // Sending the other team's file flag is flag sharing: wrong to the sender, a cheat report to the organisers.
    const gusFlag = gusFile === 'https://files.example/a' ? 'flag{file_a}' : 'flag{file_b}';
    const shared: number = await c.ok(ben.token, 'POST', files, { flag: gusFlag });
    await vi.waitFor(async () =>
      expect(await c.ok(ben.token, 'GET', `${files}/status/${shared}`)).toBe('WrongAnswer'),
    );
    expect(await adminOk('GET', `/api/game/${game.id}/cheatinfo`)).toEqual([
      expect.objectContaining({
        ownedTeam: expect.objectContaining({ team: expect.objectContaining({ name: 'gamma' }) }),
        submission: expect.objectContaining({ answer: gusFlag, status: 'CheatDetected', user: 'ben' }),
      }),
    ]);
  });

  it('hands a challenge enabled later to the teams already accepted', async () => {
    await expectError(await as(ben, 'GET', `/api/game/${game.id}/challenges/${ids.draft}`), 404);
    await adminOk('PUT', `/api/edit/games/${game.id}/challenges/${ids.draft}`, { isEnabled: true });
    expect((await as(ben, 'GET', `/api/game/${game.id}/challenges/${ids.draft}`)).statusCode).toBe(200);
  });

  it('checks the game code and the team member limit when there are no divisions', async () => {
    const g = await adminOk(
      'POST',
      '/api/edit/games',
      gameBody({ inviteCode: 'g2', teamMemberCountLimit: 1, acceptWithoutReview: true }),
    );
    expect(await expectError(await join(ann, g.id, { teamId: alpha, inviteCode: 'nope' }), 400)).toMatch(
      /invite/,
    );
    expect((await join(ann, g.id, { teamId: alpha, inviteCode: 'g2' })).statusCode).toBe(200);
    expect((await c.ok(ann.token, 'GET', `/api/game/${g.id}`)).status).toBe('Accepted');
    expect(await expectError(await join(amy, g.id, { teamId: alpha, inviteCode: 'g2' }), 400)).toMatch(
      /limit/,
    );
  });

  it('refuses to join or play after the end (10002) unless in practice mode, and before the start', async () => {
    const past = { start: Date.now() - 2 * hour, end: Date.now() - hour, acceptWithoutReview: true };
    const closed = await adminOk('POST', '/api/edit/games', gameBody({ ...past, practiceMode: false }));
    await expectError(await join(ben, closed.id, { teamId: beta }), 400, 10002);

    const practice = await adminOk('POST', '/api/edit/games', gameBody({ ...past, practiceMode: true }));
    expect((await join(ben, practice.id, { teamId: beta })).statusCode).toBe(200);
    expect((await as(ben, 'GET', `/api/game/${practice.id}/details`)).statusCode).toBe(200);

    // A game ending while a team plays it: the list is closed, opened challenges stay readable.
    const running = await adminOk(
      'POST',
      '/api/edit/games',
      gameBody({ acceptWithoutReview: true, practiceMode: false }),
    );
    await challenge(running.id, 'Late', 'StaticAttachment', 'Misc', {
      flags: [{ flag: 'f' }],
      isEnabled: true,
    });
    expect((await join(ben, running.id, { teamId: beta })).statusCode).toBe(200);
    await adminOk('PUT', `/api/edit/games/${running.id}`, gameBody({ ...past, practiceMode: false }));
    await expectError(await as(ben, 'GET', `/api/game/${running.id}/details`), 400, 10002);

    const upcoming = await adminOk(
      'POST',
      '/api/edit/games',
      gameBody({ start: Date.now() + hour, end: Date.now() + 2 * hour, acceptWithoutReview: true }),
    );
    expect((await join(ben, upcoming.id, { teamId: beta })).statusCode).toBe(200);
    expect(await expectError(await as(ben, 'GET', `/api/game/${upcoming.id}/details`), 400)).toMatch(
      /not started/,
    );
  });

  it('lists visible games: recent ones ongoing, upcoming, then ended, with an ETag', async () => {
    await adminOk('POST', '/api/edit/games', gameBody({ title: 'Hidden', hidden: true }));
    const recent = await t.app.inject('/api/game/recent');
    expect(recent.statusCode).toBe(200);
    const now = Date.now();
    const phases = recent
      .json()
      .map((g: { start: number; end: number }) => (g.end < now ? 2 : g.start > now ? 1 : 0));
    expect(phases).toEqual([...phases].sort());
    expect(recent.json().map((g: { title: string }) => g.title)).not.toContain('Hidden');
    const etag = recent.headers.etag as string;
    expect(
      (await t.app.inject({ url: '/api/game/recent', headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(304);
    expect((await t.app.inject('/api/game/recent?limit=1')).json()).toHaveLength(1);
    await expectError(await t.app.inject('/api/game/recent?limit=51'), 400);

    const page = (await t.app.inject('/api/game?count=2')).json();
    expect(page.length).toBe(2);
    expect(page.total).toBe(recent.json().length);
    expect(page.data[0].start).toBeGreaterThanOrEqual(page.data[1].start);
    await expectError(await t.app.inject('/api/game/99999'), 404);
  });
});
