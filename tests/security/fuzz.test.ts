// Every route of the OpenAPI document the server serves, attacked with hostile variants of what it takes (path
// segments, query values, body fields, bodies, uploads, methods) by an admin, whose requests reach validation and
// the handlers, and anonymously, on SQLite and PostgreSQL. Nothing may answer 5xx, and every refusal is the
// `{title,status}` envelope. Fixed variant lists keep it deterministic. The server runs in this process, listening
// on a port (requests still go through Node's HTTP parser), which starts in a fraction of a process's time.
import { createNodeClient } from '@pennon/sdk/node';
import { CookieJar } from 'tough-cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../server/test/support/databases.ts';
import { adminPassword, type SdkServer, startSdkServer } from '../../server/test/support/sdk.ts';
import { createRunningGame } from '../support/games.ts';
import {
  type OpenApiDocument,
  operationsOf,
  strangeMethods,
  type Variant,
  variantsOf,
} from '../support/hostile-requests.ts';
import { type RawResponse, sendRaw } from '../support/raw-http.ts';

interface Fixture {
  gameId: number;
  challengeId: number;
  flagId: number;
  divisionId: number;
  noticeId: number;
  teamId: number;
  participationId: number;
  submissionId: number;
  postId: string;
  tokenId: string;
  playerId: string;
  assetHash: string;
}

/** A game under way with a challenge, a flag, a division and a notice; a team in it that submitted; a post, a token, an asset. */
const seed = async (baseUrl: string, jar: CookieJar): Promise<Fixture> => {
  const admin = createNodeClient({ baseUrl, cookieJar: jar });
  await admin.account.login({ userName: 'admin', password: adminPassword });
  const gameId = await createRunningGame(admin, 'Fuzzed', { acceptWithoutReview: true });
  const challenge = await admin.edit.createChallenge(gameId, {
    title: 'Target',
    category: 'Misc',
    type: 'StaticAttachment',
  });
  await admin.edit.addFlags(gameId, challenge.id, [{ flag: 'flag{fuzz}' }]);
  await admin.edit.updateChallenge(gameId, challenge.id, { isEnabled: true });
  const { flags } = await admin.edit.challenge(gameId, challenge.id);
  const team = await admin.team.create({ name: 'Fuzzers' });
  await admin.game.join(gameId, { teamId: team.id });
  const [participation] = await admin.game.participations(gameId);
  const submissionId = await admin.game.submit(gameId, challenge.id, 'flag{wrong}');
  const division = await admin.edit.createDivision(gameId, { name: 'Open' });
  const notice = await admin.edit.createNotice(gameId, { content: 'Hello' });
  const postId = await admin.edit.createPost({ title: 'News', summary: 's', content: 'c' });
  const { info: token } = await admin.tokens.create({ name: 'fuzz' });
  await admin.admin.createUsers([
    { userName: 'fuzzplayer', password: 'Harbour2024!', email: 'player@pennon.test' },
  ]);
  const { data: users } = await admin.admin.users();
  const [asset] = await admin.assets.upload(new File(['fuzz'], 'fuzz.txt', { type: 'text/plain' }));
  if (!participation || !asset || !flags[0]) throw new Error('the fixture is incomplete');
  return {
    gameId,
    challengeId: challenge.id,
    flagId: flags[0].id,
    divisionId: division.id,
    noticeId: notice.id,
    teamId: team.id,
    participationId: participation.id,
    submissionId,
    postId,
    tokenId: token.id,
    playerId: users.find((user) => user.userName === 'fuzzplayer')?.id ?? '',
    assetHash: asset.hash,
  };
};

/** The record a path parameter names, so that every other part of a variant hits something real. */
const pathValue =
  (f: Fixture) =>
  (path: string, name: string): string => {
    if (name === 'id') {
      if (/^\/api\/(team|admin\/teams)\//.test(path)) return String(f.teamId);
      if (path.startsWith('/api/admin/participation/')) return String(f.participationId);
      if (/^\/api\/(edit\/)?posts\//.test(path)) return f.postId;
      if (path.startsWith('/api/tokens/')) return f.tokenId;
      if (path.startsWith('/api/admin/instances/')) return '00000000-0000-4000-8000-000000000000';
      return String(f.gameId);
    }
    const byName: Record<string, string | number> = {
      challengeId: f.challengeId,
      cId: f.challengeId,
      fId: f.flagId,
      divisionId: f.divisionId,
      noticeId: f.noticeId,
      submitId: f.submissionId,
      partId: f.participationId,
      userid: f.playerId,
      userId: f.playerId,
      hash: f.assetHash,
      filename: 'fuzz.txt',
    };
    return String(byName[name] ?? '1');
  };

/** Field values that keep the fixture playable when a spoiled request still passes (the game running, the team in). */
const named = () => {
  const now = Date.now();
  return {
    start: now - 3600_000,
    end: now + 86400_000,
    writeupDeadline: now + 2 * 86400_000,
    status: 'Accepted',
    isEnabled: true,
  };
};

/** What is wrong with an answer, or undefined: no 5xx, and a refusal is the envelope with its status. */
const complaint = (response: Pick<RawResponse, 'status' | 'contentType' | 'body'>): string | undefined => {
  if (response.status >= 500) return `answered ${response.status}: ${response.body.slice(0, 200)}`;
  if (response.status < 400) return undefined;
  // GZ::CTF answers a few 404s with no body at all (tokens, the proof-of-work challenge): kept for its clients.
  if (response.status === 404 && response.body === '') return undefined;
  if (!response.contentType.startsWith('application/json')) {
    return `answered ${response.status} as ${response.contentType || 'no type'}: ${response.body.slice(0, 200)}`;
  }
  let body: { title?: unknown; status?: unknown };
  try {
    body = JSON.parse(response.body);
  } catch {
    return `answered ${response.status} with invalid JSON: ${response.body.slice(0, 200)}`;
  }
  const statusMatches =
    body.status === response.status ||
    (response.status === 400 && (body.status === 10001 || body.status === 10002)) ||
    (response.status === 404 && body.status === 400);
  if (typeof body.title !== 'string' || body.title === '' || !statusMatches) {
    return `answered ${response.status} without the envelope: ${response.body.slice(0, 200)}`;
  }
  return undefined;
};

describe.each(databaseKinds())('the fuzzer on $name', (kind) => {
  let server: SdkServer;
  let fixture: Fixture;
  let adminCookie: string;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    // The limits would answer 429 long before the variants reach the handlers.
    server = await startSdkServer(kind, { PENNON_RATE_LIMIT: 'off' });
    const jar = new CookieJar();
    fixture = await seed(server.baseUrl, jar);
    adminCookie = await jar.getCookieString(server.baseUrl);
    doc = JSON.parse((await sendRaw(server.baseUrl, { method: 'GET', path: '/openapi/v1.json' })).body);
  });

  afterAll(async () => {
    await server?.close();
  });

  const attack = async (variants: Variant[], headers: Record<string, string>) => {
    const failures: string[] = [];
    for (const variant of variants) {
      const response = await sendRaw(server.baseUrl, {
        ...variant,
        headers: { ...variant.headers, ...headers },
      }).catch((error: Error) => ({ status: 0, contentType: '', body: `no answer: ${error.message}` }));
      const wrong = response.status === 0 ? response.body : complaint(response);
      if (wrong) failures.push(`${variant.method} ${variant.path.slice(0, 120)} [${variant.label}] ${wrong}`);
    }
    return failures;
  };

  const everyVariant = (oversized: boolean) =>
    operationsOf(doc).flatMap((op) =>
      variantsOf(op, { pathValue: pathValue(fixture), named: named(), oversized }),
    );

  it('serves an OpenAPI document that names every route, uploads included', () => {
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.find((op) => op.path === '/api/assets' && op.method === 'POST')?.upload).toBe('files');
  });

  it('answers an admin a 4xx envelope for every hostile request, never a 5xx', {
    timeout: 300_000,
  }, async () => {
    expect(await attack(everyVariant(true), { cookie: adminCookie })).toEqual([]);
    // Still signed in: had a variant signed the admin out, the rest would have stopped at the guard's 401.
    const profile = await sendRaw(server.baseUrl, {
      method: 'GET',
      path: '/api/account/profile',
      headers: { cookie: adminCookie },
    });
    expect(profile.status).toBe(200);
    // The server runs in this process: no `__proto__` or `constructor.prototype` key reached a prototype.
    expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
  });

  it('answers anonymous callers the same way', { timeout: 300_000 }, async () => {
    expect(await attack(everyVariant(false), {})).toEqual([]);
  });

  it('answers unknown methods, broken URLs and oversized headers with the envelope', async () => {
    const paths = [...new Set(operationsOf(doc).map((op) => op.path.replace(/\{\w+\}/g, '1')))];
    const variants: Variant[] = [
      ...paths.flatMap((path) => strangeMethods.map((method) => ({ label: 'method', method, path }))),
      { label: 'bad escape', method: 'GET', path: '/api/game/%E0%A4%A' },
      { label: 'bad escape', method: 'GET', path: '/api/%' },
      { label: 'NUL escape', method: 'GET', path: '/api/game/1%00' },
      { label: 'double slash', method: 'GET', path: '//api//game' },
      {
        label: 'huge header',
        method: 'GET',
        path: '/api/game',
        headers: { 'x-fuzz': 'x'.repeat(64 * 1024) },
      },
    ];
    expect(await attack(variants, { cookie: adminCookie })).toEqual([]);
  });
});
