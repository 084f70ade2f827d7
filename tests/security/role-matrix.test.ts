// Every route of the contract × every kind of caller, on real records: the answer each caller gets follows
// from the role the route table declares (401 for nobody, 403 below the role, Banned included), and a short
// list of object-level rules keeps one team's private things from another team's players. Nothing answers 5xx.
// The expectations are generated from `routes`, so a new route is in the matrix the day it is declared.
import { type Auth, type EndpointFields, type Role, roleRank, routes } from '@pennon/sdk/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../server/test/support/accounts.ts';
import { databaseKinds } from '../../server/test/support/databases.ts';
import {
  adminPassword,
  type SdkServer,
  startSdkServer,
  userPassword,
} from '../../server/test/support/sdk.ts';
import { createRunningGame } from '../support/games.ts';

type Caller = 'anonymous' | 'banned' | 'user' | 'monitor' | 'otherTeam' | 'admin';
/** The order the matrix runs in: the admin last, since its DELETEs remove the records the others aim at. */
const callers: Caller[] = ['anonymous', 'banned', 'user', 'monitor', 'otherTeam', 'admin'];
const roleOf: Record<Exclude<Caller, 'anonymous'>, Role> = {
  banned: 'Banned',
  user: 'User',
  otherTeam: 'User',
  monitor: 'Monitor',
  admin: 'Admin',
};
const minimumRole: Record<Exclude<Auth, 'anonymous'>, Role> = {
  user: 'User',
  monitor: 'Monitor',
  admin: 'Admin',
};

/** The refusal the route's declared role means for a caller, or null when the guard lets it through. */
const refusal = (auth: Auth, caller: Caller): 401 | 403 | null => {
  if (auth === 'anonymous') return null;
  if (caller === 'anonymous') return 401;
  return roleRank(roleOf[caller]) < roleRank(minimumRole[auth]) ? 403 : null;
};

interface Route extends EndpointFields {
  name: string;
}

/** Every route; DELETEs after the rest and sign-out last, so a caller's run doesn't pull its own records away. */
const table: Route[] = Object.entries(routes)
  .flatMap(([group, endpoints]) =>
    Object.entries(endpoints as Record<string, EndpointFields>).map(([key, route]) => ({
      ...route,
      name: `${group}.${key}`,
    })),
  )
  .sort((a, b) => weight(a) - weight(b));
function weight(route: Route): number {
  if (route.name === 'account.logout') return 100;
  // Deeper records first, so deleting the game comes after deleting its challenges.
  return route.method === 'DELETE' ? 50 - route.path.split('/').length : 0;
}

/** Organiser GETs whose record isn't seeded: no traffic is captured without a container engine. */
const unseeded = new Set(['game.captureTeams', 'game.downloadCaptures', 'game.captureFile']);
/** An organiser's GET on a seeded record, which the admin must read back. */
const readsRecord = (route: Route) =>
  route.method === 'GET' &&
  route.path.includes('{') &&
  (route.auth === 'monitor' || route.auth === 'admin') &&
  !unseeded.has(route.name);

/** The seeded records a path names. */
interface Records {
  gameId: number;
  challengeId: number;
  teamId: number;
  mateId: string;
  victimId: string;
  participationId: number;
  submissionId: number;
  postId: string;
  noticeId: number;
  adjustmentId: number;
  hintId: number;
  divisionId: number;
  flagId: number;
  tokenId: string;
  assetHash: string;
}

const noInstance = '00000000-0000-4000-8000-000000000000';

/** The route's path with each `{param}` replaced by the seeded record it stands for. */
const fill = (path: string, r: Records): string => {
  const idOf = (): string | number => {
    if (/^\/api\/(team|admin\/teams)\//.test(path)) return r.teamId;
    if (/^\/api\/(posts|edit\/posts)\//.test(path)) return r.postId;
    if (path.startsWith('/api/admin/participation/')) return r.participationId;
    if (path.startsWith('/api/tokens/')) return r.tokenId;
    if (/^\/api\/(admin\/instances|proxy)\//.test(path)) return noInstance;
    return r.gameId;
  };
  const values: Record<string, string | number> = {
    userid: r.victimId,
    userId: r.mateId,
    challengeId: r.challengeId,
    cId: r.challengeId,
    partId: r.participationId,
    submitId: r.submissionId,
    submissionId: r.submissionId,
    teamId: r.teamId,
    noticeId: r.noticeId,
    adjustmentId: r.adjustmentId,
    hintId: r.hintId,
    divisionId: r.divisionId,
    fId: r.flagId,
    hash: r.assetHash,
    filename: 'notes.txt',
  };
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = name === 'id' ? idOf() : values[name];
    if (value === undefined) throw new Error(`no seeded record for {${name}} in ${path}`);
    return encodeURIComponent(String(value));
  });
};

/**
 * Another team's things, by a player of a team in the same game: never a success. Containers and writeups have no
 * id in their paths (a player reaches only its own team's, through its participation), so they have no case here.
 */
const objectRules: { name: string; method: Route['method']; path: string; body?: unknown }[] = [
  { name: 'renames their team', method: 'PUT', path: '/api/team/{id}', body: { name: 'Taken over' } },
  { name: 'reads their invitation code', method: 'GET', path: '/api/team/{id}/invite' },
  { name: 'renews their invitation code', method: 'PUT', path: '/api/team/{id}/invite' },
  {
    name: 'takes their captaincy',
    method: 'PUT',
    path: '/api/team/{id}/transfer',
    body: { newCaptainId: '{me}' },
  },
  { name: 'kicks their member', method: 'POST', path: '/api/team/{id}/kick/{userId}' },
  { name: 'deletes their team', method: 'DELETE', path: '/api/team/{id}' },
  { name: 'leaves their team for them', method: 'POST', path: '/api/team/{id}/leave' },
  {
    name: 'reads their submission',
    method: 'GET',
    path: '/api/game/{id}/challenges/{cId}/status/{submitId}',
  },
  {
    name: 'joins the game as their team',
    method: 'POST',
    path: '/api/game/{id}',
    body: { teamId: '{team}' },
  },
  { name: 'lists their capture files', method: 'GET', path: '/api/game/captures/{cId}/{partId}' },
  { name: 'deletes their captures', method: 'DELETE', path: '/api/game/captures/{cId}/{partId}/all' },
  {
    name: 'reviews their participation',
    method: 'PUT',
    path: '/api/admin/participation/{id}',
    body: { status: 'Banned' },
  },
];

describe.each(databaseKinds())('the role matrix on $name', (kind) => {
  let s: SdkServer;
  let records: Records;
  const tokens = {} as Record<Exclude<Caller, 'anonymous'>, string>;
  let otherTeamId = 0;
  let otherTeamPlayerId = '';

  const send = (caller: Caller, method: Route['method'], url: string, body?: unknown) =>
    s.t.app.inject({
      method,
      url,
      ...(caller === 'anonymous' ? {} : { cookies: { GZCTF_Token: tokens[caller] } }),
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: (body ?? {}) as object }),
    });

  const describeAnswer = (res: LightMyRequestResponse) => `${res.statusCode} ${res.body.slice(0, 200)}`;

  beforeAll(async () => {
    // About 800 requests from one address: the limits have tests of their own, the guard is what is tested here.
    s = await startSdkServer(kind, { PENNON_RATE_LIMIT: 'off' });
    const admin = await s.admin();
    const app = s.t.app;
    tokens.admin = await signedIn(app, 'admin', adminPassword);

    const owner = await s.signUp('owner1');
    const mate = await s.signUp('mate1');
    const other = await s.signUp('rival1');
    const user = await s.signUp('loner1');
    const victim = await s.signUp('victim1');
    const monitor = await s.monitor();
    // The banned user's session is opened before the ban, as a player banned mid-game still holds one.
    const banned = await s.signUp('banned1');
    tokens.banned = await signedIn(app, 'banned1', userPassword);
    await admin.admin.updateUser(banned.id, { role: 'Banned' });
    tokens.user = await signedIn(app, user.name, userPassword);
    tokens.monitor = await signedIn(app, monitor.name, userPassword);
    tokens.otherTeam = await signedIn(app, other.name, userPassword);
    otherTeamPlayerId = other.id;

    const gameId = await createRunningGame(admin, 'Harbour Matrix', { practiceMode: true });
    const challenge = await admin.edit.createChallenge(gameId, {
      title: 'Lighthouse',
      category: 'Misc',
      type: 'StaticAttachment',
    });
    await admin.edit.addFlags(gameId, challenge.id, [{ flag: 'flag{keeper}' }]);
    await admin.edit.updateChallenge(gameId, challenge.id, { isEnabled: true });
    const flagId = (await admin.edit.challenge(gameId, challenge.id)).flags[0]?.id ?? 0;

    const team = await owner.client.team.create({ name: 'Owners' });
    const code = await owner.client.team.invite(team.id);
    await mate.client.team.accept(code);
    const otherTeam = await other.client.team.create({ name: 'Rivals' });
    otherTeamId = otherTeam.id;
    await owner.client.game.join(gameId, { teamId: team.id });
    await other.client.game.join(gameId, { teamId: otherTeam.id });
    const participations = await admin.game.participations(gameId);
    const participationId = participations.find((p) => p.team.id === team.id)?.id ?? 0;
    const submissionId = await owner.client.game.submit(gameId, challenge.id, 'flag{wrong}');

    const notice = await admin.edit.createNotice(gameId, { content: 'Tide at noon' });
    const adjustment = await admin.edit.createAdjustment(gameId, {
      teamId: team.id,
      points: 50,
      reason: 'Bug report',
    });
    const hint = await admin.edit.createHint(gameId, challenge.id, {
      title: 'Where the light points',
      content: 'North',
      costKind: 'Points',
      cost: 10,
    });
    const division = await admin.edit.createDivision(gameId, { name: 'Students' });
    const postId = await admin.edit.createPost({ title: 'Hello', summary: 'hi', content: 'Welcome' });
    const { info: token } = await admin.tokens.create({ name: 'bot' });
    const [asset] = await admin.assets.upload(new File(['notes'], 'notes.txt', { type: 'text/plain' }));

    records = {
      gameId,
      challengeId: challenge.id,
      teamId: team.id,
      mateId: mate.id,
      victimId: victim.id,
      participationId,
      submissionId,
      postId,
      noticeId: notice.id,
      adjustmentId: adjustment.id,
      hintId: hint.id,
      divisionId: division.id,
      flagId,
      tokenId: token.id,
      assetHash: asset?.hash ?? '',
    };
    expect(participationId).toBeGreaterThan(0);
    expect(flagId).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await s?.close();
  });

  describe("another team's player", () => {
    it.each(objectRules)('never succeeds when it $name', async (rule) => {
      const path = fill(rule.path, records);
      const body = JSON.parse(
        JSON.stringify(rule.body ?? {})
          .replace('"{me}"', JSON.stringify(otherTeamPlayerId))
          .replace('"{team}"', String(records.teamId)),
      );
      const res = await send('otherTeam', rule.method, path, rule.body === undefined ? undefined : body);
      expect(res.statusCode, describeAnswer(res)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, describeAnswer(res)).toBeLessThan(500);
      expect(res.json()).toMatchObject({ status: res.statusCode, title: expect.any(String) });
    });

    it('sees no invitation code on their public team page', async () => {
      const res = await send('otherTeam', 'GET', `/api/team/${records.teamId}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/inviteToken|inviteCode/i);
      // …while its own team, joined to the same game, is its to manage.
      expect((await send('otherTeam', 'GET', `/api/team/${otherTeamId}/invite`)).statusCode).toBe(200);
    });
  });

  describe.each(callers)('as %s', (caller) => {
    it.each(table.map((route) => [route.name, route] as const))(
      '%s answers as its declared role says',
      async (_, route) => {
        const res = await send(caller, route.method, fill(route.path, records));
        const expected = refusal(route.auth, caller);
        if (expected !== null) {
          expect(res.statusCode, describeAnswer(res)).toBe(expected);
          expect(res.json()).toMatchObject({ status: expected, title: expect.any(String) });
          return;
        }
        expect(res.statusCode, describeAnswer(res)).toBeLessThan(500);
        expect(res.statusCode, describeAnswer(res)).not.toBe(401);
        // The matrix aims at real records: the admin reads each one it names.
        if (caller === 'admin' && readsRecord(route)) {
          expect(res.statusCode, describeAnswer(res)).toBe(200);
        }
      },
    );
  });
});
