// Awards and penalties (issue #44) through the API: only admins give them, bad input is a clear 400, each change is
// in the audit log, and the scoreboard's totals, order, timeline and ETag follow at once.
import { ScoreboardModel } from '@pennon/sdk/contract';
import Value from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { gameBody, gameClient, type Player, signInAdmin } from './helpers.ts';

describe.each(databaseKinds())('awards and penalties on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  let c: ReturnType<typeof gameClient>;
  let ann: Player;
  let teams: number[];
  let gameId: number;
  const base = () => `/api/edit/games/${gameId}/adjustments`;
  const board = async () => {
    const res = await c.call(null, 'GET', `/api/game/${gameId}/scoreboard`);
    expect(res.statusCode, res.body).toBe(200);
    return { model: res.json() as ScoreboardModel, etag: String(res.headers.etag) };
  };
  const line = (model: ScoreboardModel, teamId: number) => model.items.find((i) => i.id === teamId);

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAdmin(t.app, t.connection.db);
    c = gameClient(t.app);
    gameId = (await c.ok(admin, 'POST', '/api/edit/games', gameBody({ acceptWithoutReview: true }))).id;
    teams = [];
    for (const name of ['ann', 'ben']) {
      const player = await c.signUp(name);
      if (name === 'ann') ann = player;
      const teamId = await c.createTeam(player, `team-${name}`);
      teams.push(teamId);
      await c.ok(player.token, 'POST', `/api/game/${gameId}`, { teamId });
    }
  });
  afterAll(async () => t?.close());

  it('is for admins only', async () => {
    const body = { teamId: teams[0], points: 500, reason: 'Self-awarded' };
    expect((await c.call(null, 'POST', base(), body)).statusCode).toBe(401);
    expect((await c.call(ann.token, 'POST', base(), body)).statusCode).toBe(403);
    expect((await c.call(ann.token, 'GET', base())).statusCode).toBe(403);
    expect(await c.ok(admin, 'GET', base())).toEqual([]);
  });

  it.each([
    ['no points', { points: 0, reason: 'Nothing' }],
    ['too many points', { points: 1_000_001, reason: 'Everything' }],
    ['fractional points', { points: 1.5, reason: 'Half' }],
    ['a blank reason', { points: 10, reason: '   ' }],
    ['a reason that reorders the board', { points: 10, reason: 'Bonus \u202Egnirahs galf' }],
    ['no reason', { points: 10 }],
    ['a reason over 200 characters', { points: 10, reason: 'x'.repeat(201) }],
    ['a bad time', { points: 10, reason: 'When?', time: 'yesterday' }],
  ])('refuses %s with a 400 {title, status}', async (_, body) => {
    const res = await c.call(admin, 'POST', base(), { teamId: teams[0], ...body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ title: expect.any(String), status: 400 });
  });

  it('refuses a team outside the game, and unknown games and adjustments', async () => {
    const outsider = await c.createTeam(await c.signUp('cal'), 'team-cal');
    const res = await c.call(admin, 'POST', base(), { teamId: outsider, points: 10, reason: 'Outsider' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ title: 'That team does not take part in this game', status: 400 });
    const body = { teamId: teams[0], points: 10, reason: 'Lost' };
    expect((await c.call(admin, 'POST', '/api/edit/games/999999/adjustments', body)).statusCode).toBe(404);
    expect((await c.call(admin, 'PUT', `${base()}/999999`, body)).json()).toEqual({
      title: 'Award or penalty not found',
      status: 404,
    });
    expect((await c.call(admin, 'DELETE', `${base()}/999999`)).statusCode).toBe(404);
  });

  it('moves totals, order, timeline and ETag on every change, and logs each one', async () => {
    const [annTeam, benTeam] = teams as [number, number];
    const before = await board();
    expect(before.model.items.map((i) => i.score)).toEqual([0, 0]);

    const bonusTime = Date.now() - 60_000;
    const bonus = await c.ok(admin, 'POST', base(), {
      teamId: benTeam,
      points: 300,
      reason: ' Reported a bug ',
      time: new Date(bonusTime).toISOString(),
    });
    expect(bonus).toMatchObject({ points: 300, reason: 'Reported a bug', time: bonusTime, teamId: benTeam });
    expect(bonus).toMatchObject({ teamName: 'team-ben', adminName: 'admin' });
    const penalty = await c.ok(admin, 'POST', base(), {
      teamId: annTeam,
      points: -50,
      reason: 'Flag sharing',
    });

    const given = await board();
    expect(given.etag).not.toBe(before.etag);
    expect(given.model.items.map((i) => [i.id, i.score, i.rank])).toEqual([
      [benTeam, 300, 1],
      [annTeam, -50, 2],
    ]);
    expect(line(given.model, annTeam)?.adjustments).toEqual([
      { id: penalty.id, points: -50, reason: 'Flag sharing', time: penalty.time },
    ]);
    expect(given.model.timelines[0]?.teams[0]).toEqual({
      id: benTeam,
      name: 'team-ben',
      items: [{ time: bonusTime, score: 300 }],
    });
    // GZ::CTF's client reads the same shapes: the additions are optional.
    expect(Value.Check(ScoreboardModel, given.model)).toBe(true);

    const edited = await c.ok(admin, 'PUT', `${base()}/${bonus.id}`, {
      teamId: annTeam,
      points: 400,
      reason: 'Wrote the best report',
    });
    expect(edited).toMatchObject({ id: bonus.id, teamId: annTeam, points: 400 });
    const afterEdit = await board();
    expect(afterEdit.etag).not.toBe(given.etag);
    expect(afterEdit.model.items.map((i) => [i.id, i.score])).toEqual([
      [annTeam, 350],
      [benTeam, 0],
    ]);
    expect(line(afterEdit.model, benTeam)).not.toHaveProperty('adjustments');

    await c.ok(admin, 'DELETE', `${base()}/${penalty.id}`);
    const afterDelete = await board();
    expect(afterDelete.etag).not.toBe(afterEdit.etag);
    expect(line(afterDelete.model, annTeam)?.score).toBe(400);
    expect((await c.ok(admin, 'GET', base())).map((a: { id: number }) => a.id)).toEqual([bonus.id]);

    const logs = (await c.ok(admin, 'GET', '/api/admin/logs?count=50')) as { msg: string }[];
    const messages = logs.map((l) => l.msg).join('\n');
    expect(messages).toContain(`Gave adjustment #${bonus.id} (+300 to team "team-ben": Reported a bug)`);
    expect(messages).toContain(
      `Changed adjustment #${bonus.id} (+400 to team "team-ann": Wrote the best report)`,
    );
    expect(messages).toContain(`Deleted adjustment #${penalty.id} (-50 to team "team-ann": Flag sharing)`);
  });

  it('puts the net adjustment in the scoreboard sheet', async () => {
    const sheet = await c.call(admin, 'GET', `/api/game/${gameId}/scoreboardsheet`);
    expect(sheet.statusCode).toBe(200);
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]?.getSheetValues().slice(1) as unknown[][];
    expect(rows[0]?.slice(1, 7)).toEqual(['Rank', 'Team', 'Division', 'Score', 'Solved', 'Adjustments']);
    expect(rows[1]?.slice(1, 7)).toEqual([1, 'team-ann', '', 400, 0, 400]);
  });
});
