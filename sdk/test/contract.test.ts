import { Compile } from 'typebox/compile';
import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';
import * as contract from '../src/contract/index.ts';
import {
  ChallengeUpdateModel,
  DivisionCreateModel,
  type Endpoint,
  type EndpointSchemas,
  GameInfoInput,
  GameNotice,
  LocalFile,
  ProfileUpdateModel,
  RegisterModel,
  routes,
  ScoreboardModel,
  schemas,
  TeamInfoModel,
  TeamInviteCode,
  UserInfoModel,
} from '../src/contract/index.ts';

// Each endpoint with its schemas (the route's runtime fields and `schemas.<group>.<name>`, joined by key).
type RouteDef = Endpoint & Omit<EndpointSchemas, 'response'> & { schema?: EndpointSchemas['response'] };
const table = Object.entries(routes).flatMap(([group, defs]) =>
  Object.entries(defs as Record<string, Endpoint>).map(([name, endpoint]) => {
    const { response: schema, ...rest } = (schemas as Record<string, Record<string, EndpointSchemas>>)[
      group
    ]?.[name] ?? { summary: '' };
    const def: RouteDef = { ...endpoint, ...rest, schema };
    return { key: `${group}.${name}`, def };
  }),
);
const keysWhere = (pred: (def: RouteDef) => boolean) =>
  table
    .filter(({ def }) => pred(def))
    .map(({ key }) => key)
    .sort();
const paramNames = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);

describe('route table', () => {
  it("names all 140 operations: the spec's 124, updateaccepted of client-spec, Pennon's 4 adjustments, 3 corrections and the team notices, the reveal, 5 hints and the bulk review", () => {
    const counts = Object.fromEntries(
      Object.entries(routes).map(([g, defs]) => [g, Object.keys(defs).length]),
    );
    expect(counts).toEqual({
      account: 12,
      admin: 23,
      tokens: 4,
      assets: 3,
      edit: 45,
      game: 32,
      info: 6,
      proxy: 2,
      team: 13,
    });
    expect(table).toHaveLength(140);
    // §6: 123 operations in the generated client plus the hidden hashsalt.
    expect(keysWhere((d) => d.hidden === true)).toEqual(['edit.hashSalt']);
  });

  it('has the same groups and keys in routes and schemas, and a response schema exactly for JSON answers', () => {
    expect(Object.keys(schemas).sort()).toEqual(Object.keys(routes).sort());
    for (const [group, defs] of Object.entries(routes)) {
      expect(Object.keys(schemas[group as keyof typeof schemas]).sort(), group).toEqual(
        Object.keys(defs).sort(),
      );
    }
    for (const { key, def } of table) {
      expect(def.summary, key).toEqual(expect.any(String));
      expect(def.schema !== undefined, key).toBe(def.response === 'json');
    }
  });

  it('keeps schemas out of the runtime endpoints', () => {
    const runtimeFields = [
      'method',
      'path',
      'auth',
      'upload',
      'response',
      'rateLimit',
      'etag',
      'hidden',
      'encrypted',
      'paged',
    ];
    for (const { key, def } of table) {
      const endpoint = (routes as unknown as Record<string, Record<string, object>>)[
        key.split('.')[0] ?? ''
      ]?.[key.split('.')[1] ?? ''];
      expect(
        Object.keys(endpoint ?? {}).filter((k) => !runtimeFields.includes(k)),
        key,
      ).toEqual([]);
      expect(def.response, key).toMatch(/^(json|empty|download|websocket)$/);
    }
  });

  it('marks paged exactly the lists whose query pages by count and skip, with the same bounds', () => {
    const bound = (def: RouteDef, field: 'count' | 'skip') =>
      (def.query?.properties[field] as { maximum?: number } | undefined)?.maximum;
    const paging = keysWhere(
      (d) => bound(d, 'count') !== undefined && d.query?.properties.skip !== undefined,
    );
    expect(keysWhere((d) => d.paged !== undefined)).toEqual(paging);
    expect(paging.length).toBeGreaterThanOrEqual(9);
    for (const { key, def } of table.filter(({ def }) => def.paged)) {
      const skip = bound(def, 'skip');
      // A skip bounded only by the integer column is no page bound.
      const skipLimit = skip === undefined || skip === 2147483647 ? undefined : skip;
      expect(def.paged, key).toEqual({ count: bound(def, 'count'), ...(skipLimit && { skip: skipLimit }) });
    }
  });

  it('has no duplicate method + path', () => {
    const seen = new Set(table.map(({ def }) => `${def.method} ${def.path}`));
    expect(seen.size).toBe(table.length);
  });

  it('uses lower-case paths under /api/ or /assets/', () => {
    for (const { key, def } of table) {
      expect(def.path, key).toMatch(/^\/(api|assets)\//);
      expect(def.path.replace(/\{[^}]+\}/g, ''), key).toBe(def.path.replace(/\{[^}]+\}/g, '').toLowerCase());
      expect(def.path, key).not.toMatch(/\/$/);
    }
  });

  it('declares exactly the path parameters it uses', () => {
    for (const { key, def } of table) {
      const names = paramNames(def.path).sort();
      expect(Object.keys(def.params?.properties ?? {}).sort(), key).toEqual(names);
      if (def.params) expect([...(def.params.required ?? [])].sort(), key).toEqual(names);
    }
  });

  it('sends a body or an upload only where it makes sense', () => {
    for (const { key, def } of table) {
      expect(def.body !== undefined && def.upload !== undefined, key).toBe(false);
      if (def.method === 'GET' || def.method === 'DELETE') {
        expect(def.body, key).toBeUndefined();
        expect(def.upload, key).toBeUndefined();
      }
    }
    expect(keysWhere((d) => d.upload === 'files')).toEqual(['assets.upload']);
    expect(keysWhere((d) => d.upload === 'file')).toEqual([
      'account.updateAvatar',
      'admin.uploadLogo',
      'edit.importGame',
      'edit.updatePoster',
      'game.submitWriteup',
      'team.updateAvatar',
    ]);
    expect(keysWhere((d) => d.response === 'websocket')).toEqual([
      'proxy.connect',
      'proxy.connectNoInstance',
    ]);
  });

  it('restricts to admins exactly the §2.2, §2.3, §2.5 routes and the three A routes elsewhere', () => {
    const expected = [
      ...Object.keys(routes.admin).map((k) => `admin.${k}`),
      ...Object.keys(routes.tokens).map((k) => `tokens.${k}`),
      ...Object.keys(routes.edit).map((k) => `edit.${k}`),
      // Marked A in §2.4 and §2.6.
      'assets.upload',
      'assets.delete',
      'game.participations',
    ].sort();
    expect(keysWhere((d) => d.auth === 'admin')).toEqual(expected);
    expect(keysWhere((d) => d.auth === 'monitor')).toEqual([
      'game.captureFile',
      'game.captureFiles',
      'game.captureTeams',
      'game.captures',
      'game.cheatInfo',
      'game.deleteCaptureFile',
      'game.deleteCaptures',
      'game.downloadCaptures',
      'game.events',
      'game.scoreboardSheet',
      'game.submissionSheet',
      'game.submissions',
    ]);
  });

  it('names the anonymous routes', () => {
    expect(keysWhere((d) => d.auth === 'anonymous')).toEqual([
      'account.login',
      'account.recover',
      'account.register',
      'account.resetPassword',
      'account.verify',
      'assets.download',
      'game.get',
      'game.list',
      'game.notices',
      'game.recent',
      'game.scoreboard',
      'info.captcha',
      'info.config',
      'info.latestPosts',
      'info.post',
      'info.posts',
      'info.powChallenge',
      'proxy.connect',
      'proxy.connectNoInstance',
      'team.get',
      'team.verify',
    ]);
  });

  it('applies the §1.7 rate-limit policies and the §1.6 ETags', () => {
    const byPolicy = (p: string) => keysWhere((d) => d.rateLimit === p);
    expect(byPolicy('register')).toEqual([
      'account.changeEmail',
      'account.login',
      'account.recover',
      'account.register',
      'account.resetPassword',
    ]);
    expect(byPolicy('query')).toEqual(['game.list', 'info.posts']);
    expect(byPolicy('powChallenge')).toEqual(['info.powChallenge']);
    expect(byPolicy('container')).toEqual([
      'game.createContainer',
      'game.deleteContainer',
      'game.extendContainer',
    ]);
    expect(byPolicy('submit')).toEqual(['game.submit']);
    expect(byPolicy('concurrency')).toEqual(['team.create']);
    expect(keysWhere((d) => d.etag === true)).toEqual([
      'game.details',
      'game.notices',
      'game.recent',
      'game.scoreboard',
      'info.captcha',
      'info.config',
      'info.latestPosts',
      'info.post',
      'info.posts',
    ]);
  });

  it('pins a few well-known paths', () => {
    expect(routes.game.captures.path).toBe('/api/game/games/{id}/captures');
    expect(routes.game.submit).toMatchObject({
      method: 'POST',
      path: '/api/game/{id}/challenges/{challengeId}',
    });
    expect(routes.assets.download.path).toBe('/assets/{hash}/{filename}');
    expect(routes.admin.resetPassword).toMatchObject({
      method: 'DELETE',
      path: '/api/admin/users/{userid}/password',
    });
    expect(routes.edit.hashSalt.path).toBe('/api/edit/games/{id}/hashsalt');
    expect(Value.Check(schemas.team.accept.body, 'Team:42:0123456789abcdef0123456789abcdef')).toBe(true);
  });
});

describe('models', () => {
  it('gives every exported object schema a title', () => {
    for (const [name, value] of Object.entries(contract)) {
      if (typeof value === 'object' && value !== null && 'properties' in value) {
        expect((value as { title?: unknown }).title, name).toEqual(expect.any(String));
      }
    }
  });

  it('RegisterModel checks name length and e-mail', () => {
    const check = Compile(RegisterModel);
    const ok = { userName: 'alice', password: 'Passw0rd', email: 'alice@example.com' };
    expect(check.Check(ok)).toBe(true);
    expect(check.Check({ ...ok, challenge: null })).toBe(true);
    expect(check.Check({ ...ok, userName: 'al' })).toBe(false);
    expect(check.Check({ ...ok, userName: 'a'.repeat(16) })).toBe(false);
    expect(check.Check({ ...ok, email: 'not-an-email' })).toBe(false);
    expect(check.Check({ userName: 'alice', email: 'alice@example.com' })).toBe(false);
  });

  it('ProfileUpdateModel accepts partial updates and checks phone and lengths', () => {
    const check = Compile(ProfileUpdateModel);
    expect(check.Check({})).toBe(true);
    expect(check.Check({ phone: '+86 (010) 1234-5678', bio: null })).toBe(true);
    expect(check.Check({ phone: '555-1234 ext. 12' })).toBe(true);
    expect(check.Check({ phone: 'call me' })).toBe(false);
    expect(check.Check({ bio: 'x'.repeat(129) })).toBe(false);
  });

  it('ScoreboardModel accepts a realistic board', () => {
    const board = {
      updateTimeUtc: 1_746_000_000_000,
      bloodBonus: 52459530,
      timelines: [
        {
          divisionId: 0,
          teams: [
            {
              id: 1,
              name: 'Team A',
              items: [
                { time: 1_746_000_100_000, score: 1050 },
                { time: 1_746_000_200_000, score: 1800 },
              ],
            },
          ],
        },
      ],
      items: [
        {
          id: 1,
          name: 'Team A',
          bio: null,
          divisionId: 3,
          avatar: '/assets/aa/avatar',
          score: 1800,
          rank: 1,
          divisionRank: 1,
          lastSubmissionTime: 1_746_000_200_000,
          solvedChallenges: [
            { id: 7, score: 1050, type: 'FirstBlood', userName: 'alice', time: 1_746_000_100_000 },
            { id: 8, score: 750, type: 'Normal', userName: null, time: 1_746_000_200_000 },
          ],
          solvedCount: 2,
        },
        {
          id: 2,
          name: 'Team B',
          bio: 'hi',
          divisionId: null,
          avatar: null,
          score: 0,
          rank: 0,
          divisionRank: null,
          lastSubmissionTime: -62135596800000,
          solvedChallenges: [],
          solvedCount: 0,
        },
      ],
      divisions: [
        {
          id: 3,
          name: 'Students',
          defaultPermissions: 2147483647,
          challengeConfigs: { '7': { challengeId: 7, permissions: 256 } },
        },
      ],
      challenges: {
        Web: [
          {
            id: 7,
            title: 'XSS',
            category: 'Web',
            score: 1000,
            solved: 1,
            deadline: null,
            bloods: [{ id: 1, name: 'Team A', avatar: null, submitTimeUtc: 1_746_000_100_000 }],
            disableBloodBonus: false,
          },
        ],
        Pwn: [],
      },
      challengeCount: 2,
    };
    const check = Compile(ScoreboardModel);
    expect(check.Check(board)).toBe(true);
    expect(check.Check({ ...board, updateTimeUtc: '2025-05-01T00:00:00Z' })).toBe(false);
    const badType = structuredClone(board);
    (badType.items[0]?.solvedChallenges[0] as { type: string }).type = 'FourthBlood';
    expect(check.Check(badType)).toBe(false);
  });

  it('GameNotice rejects an unknown notice type', () => {
    const notice = { id: 1, type: 'FirstBlood', values: ['Team A', 'XSS'], time: 1_746_000_000_000 };
    expect(Value.Check(GameNotice, notice)).toBe(true);
    expect(Value.Check(GameNotice, { ...notice, type: 'Announcement' })).toBe(false);
    expect(Value.Check(GameNotice, { ...notice, type: 1 })).toBe(false);
  });

  it('TeamInfoModel may omit members but not write other fields as missing', () => {
    const team = { id: 4, name: 'Team', bio: null, avatar: null, locked: false };
    expect(Value.Check(TeamInfoModel, team)).toBe(true);
    expect(
      Value.Check(TeamInfoModel, {
        ...team,
        members: [
          {
            id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
            userName: 'a',
            bio: null,
            avatar: null,
            captain: true,
          },
        ],
      }),
    ).toBe(true);
    expect(Value.Check(TeamInfoModel, { id: 4, name: 'Team', locked: false })).toBe(false);
  });

  it('UserInfoModel needs GUID ids and integer timestamps', () => {
    const user = {
      id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      userName: 'alice',
      realName: null,
      stdNumber: null,
      phone: null,
      bio: null,
      registerTimeUtc: 1_746_000_000_000,
      lastVisitedUtc: 1_746_000_000_000,
      ip: '0.0.0.0',
      email: 'alice@example.com',
      avatar: null,
      role: 'User',
      emailConfirmed: true,
    };
    expect(Value.Check(UserInfoModel, user)).toBe(true);
    expect(Value.Check(UserInfoModel, { ...user, id: 'alice' })).toBe(false);
    expect(Value.Check(UserInfoModel, { ...user, role: 'Root' })).toBe(false);
    expect(Value.Check(UserInfoModel, { ...user, lastVisitedUtc: 1.5 })).toBe(false);
  });

  it('request models enforce the spec ranges', () => {
    expect(Value.Check(ChallengeUpdateModel, { memoryLimit: 64, cpuCount: 10, minScoreRate: 0.25 })).toBe(
      true,
    );
    expect(Value.Check(ChallengeUpdateModel, { memoryLimit: 16 })).toBe(false);
    expect(Value.Check(ChallengeUpdateModel, { minScoreRate: 1.5 })).toBe(false);
    expect(Value.Check(ChallengeUpdateModel, { submissionLimit: 10001 })).toBe(false);
    expect(Value.Check(ChallengeUpdateModel, { fileName: '   ' })).toBe(false);
    expect(Value.Check(DivisionCreateModel, { name: 'Students' })).toBe(true);
    expect(Value.Check(DivisionCreateModel, { name: 'x'.repeat(32) })).toBe(false);
    expect(
      Value.Check(GameInfoInput, { title: 'CTF', start: 1_746_000_000_000, end: '2025-05-02T00:00:00Z' }),
    ).toBe(true);
    expect(Value.Check(GameInfoInput, { title: 'CTF', start: 'yesterday', end: 0 })).toBe(false);
    expect(Value.Check(LocalFile, { hash: 'a'.repeat(64), name: 'x.txt' })).toBe(true);
    expect(Value.Check(LocalFile, { hash: 'A'.repeat(64), name: 'x.txt' })).toBe(false);
    expect(Value.Check(TeamInviteCode, 'Team:42:nothex')).toBe(false);
  });
});
