// Bad input never reaches the database (issue 28 §6): U+0000 in any string, numbers past what a column holds and
// requests the framework refuses before any route all answer the `{title,status}` envelope with a 4xx, on SQLite
// and PostgreSQL (which refuses NUL in text and numbers past its column types with errors of its own).
import { connect as connectSocket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, register, sessionToken, signedIn } from './support/accounts.ts';
import { databaseKinds } from './support/databases.ts';
import { multipart } from './support/multipart.ts';
import { adminPassword, type SdkServer, startSdkServer } from './support/sdk.ts';

describe.each(databaseKinds())('bad input on $name', (kind) => {
  let s: SdkServer;
  let app: FastifyInstance;
  let admin: ReturnType<typeof asUser>;
  let user: ReturnType<typeof asUser>;
  let gameId: number;

  beforeAll(async () => {
    s = await startSdkServer(kind);
    app = s.t.app;
    admin = asUser(await signedIn(app, 'admin', adminPassword));
    user = asUser(sessionToken(await register(app, 'nulltester', 'nulltester@example.com')));
    gameId = (await (await s.admin()).edit.createGame({ title: 'Bounds', start: 0, end: 1 })).id;
  });
  afterAll(() => s.close());

  const refused = (res: { statusCode: number; json(): { title: string; status: number } }, title: RegExp) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ title: expect.stringMatching(title), status: 400 });
  };

  describe('U+0000', () => {
    const nul = /must not contain the NUL character/;

    it('is refused in a JSON body field, and the field keeps its value', async () => {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/account/update',
        payload: { bio: 'hello\u0000world' },
        ...user,
      });
      refused(res, /^bio must not contain the NUL character/);
      const profile = await app.inject({ method: 'GET', url: '/api/account/profile', ...user });
      expect(profile.json().bio).toBe('');
    });

    it('is refused deep in a body and in its keys', async () => {
      const deep = await app.inject({
        method: 'POST',
        url: '/api/admin/users',
        payload: [
          { userName: 'deepnul', password: 'Secret123', email: 'd@example.com', realName: 'a\u0000' },
        ],
        ...admin,
      });
      refused(deep, /^0\.realName must not contain/);
      const key = await app.inject({
        method: 'PUT',
        url: '/api/account/update',
        payload: { 'bio\u0000': 'x' },
        ...user,
      });
      refused(key, nul);
    });

    it('is refused in a query and in a path parameter', async () => {
      refused(await app.inject({ method: 'POST', url: '/api/admin/users/search?hint=a%00b', ...admin }), nul);
      refused(await app.inject({ method: 'GET', url: '/api/posts/a%00b' }), nul);
    });

    it('is refused in an upload’s file name and in a form’s text field', async () => {
      const named = multipart([{ field: 'files', name: 'notes\u0000.txt', data: 'hello' }]);
      refused(
        await app.inject({ method: 'POST', url: '/api/assets', ...named, ...admin }),
        /^filename must not/,
      );
      const form = multipart([{ field: 'files', name: 'notes.txt', data: 'hello' }], { note: 'a\u0000b' });
      refused(await app.inject({ method: 'POST', url: '/api/assets', ...form, ...admin }), /^note must not/);
      const files = await app.inject({ method: 'GET', url: '/api/admin/files', ...admin });
      expect(files.json().data).toEqual([]);
    });
  });

  describe('broken forms', () => {
    const form = multipart([{ field: 'file', name: 'me.png', data: 'not yet an image' }]);
    it.each([
      ['without a boundary', { 'content-type': 'multipart/form-data' }, form.payload],
      ['cut short', form.headers, form.payload.subarray(0, form.payload.length - 30)],
      ['of garbage', form.headers, Buffer.from('--nope\r\n\r\n\u0000')],
    ])('answer an upload %s with a 400 envelope', async (_, headers, payload) => {
      const res = await app.inject({ method: 'PUT', url: '/api/account/avatar', headers, payload, ...user });
      refused(res, /^The form data is not valid multipart data$/);
    });
  });

  describe('numbers', () => {
    it.each([
      [
        'a skip past 32 bits',
        'GET',
        '/api/game?skip=2147483648',
        undefined,
        /^skip must be at most 2147483647/,
      ],
      ['a number in exponent notation', 'GET', '/api/game?skip=1e308', undefined, /^skip has the wrong type/],
      ['a skip past 32 bits', 'GET', '/api/admin/logs?skip=4294967296', undefined, /^skip must be at most/],
      ['an id past 32 bits', 'GET', '/api/game/2147483648', undefined, /^id must be at most 2147483647/],
      ['a fractional id', 'GET', '/api/game/1.5', undefined, /^id has the wrong type/],
      [
        'a token lifetime past a century',
        'POST',
        '/api/tokens',
        { name: 't', expiresIn: 1e20 },
        /^expiresIn/,
      ],
    ])('refuses %s', async (_, method, url, payload, title) => {
      refused(await app.inject({ method: method as 'GET', url, payload, ...admin }), title);
    });

    it.each([
      ['a limit past 32 bits', { teamMemberCountLimit: 2 ** 31 }, /^teamMemberCountLimit must be at most/],
      ['a time past year 9999', { start: 1e300 }, /^start/],
      ['a time before year 1', { end: -1e15 }, /^end/],
    ])('refuses %s in a game, which keeps its values', async (_, change, title) => {
      const body = { title: 'Bounds', start: 0, end: 1, ...change };
      refused(
        await app.inject({ method: 'PUT', url: `/api/edit/games/${gameId}`, payload: body, ...admin }),
        title,
      );
      const game = await app.inject({ method: 'GET', url: `/api/edit/games/${gameId}`, ...admin });
      expect(game.json()).toMatchObject({ start: 0, end: 1, teamMemberCountLimit: 0 });
    });

    it('refuses a negative difficulty, under which a value would grow past any integer', async () => {
      const { id } = await (await s.admin()).edit.createChallenge(gameId, {
        title: 'Decay',
        category: 'Misc',
        type: 'StaticAttachment',
      });
      const url = `/api/edit/games/${gameId}/challenges/${id}`;
      refused(
        await app.inject({ method: 'PUT', url, payload: { difficulty: -1 }, ...admin }),
        /^difficulty must be at least 0/,
      );
    });

    it('reads a leap second as the second before it', async () => {
      const body = { title: 'Bounds', start: 0, end: '2016-12-31T23:59:60Z' };
      const res = await app.inject({
        method: 'PUT',
        url: `/api/edit/games/${gameId}`,
        payload: body,
        ...admin,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().end).toBe(Date.parse('2016-12-31T23:59:59Z'));
    });
  });

  describe('requests refused before any route', () => {
    it('answers an undecodable path with the envelope', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/game/%E0%A4%A' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ title: 'The address is not valid', status: 400 });
    });

    it('answers a path segment past the router’s limit with the envelope', async () => {
      const res = await app.inject({ method: 'GET', url: `/api/game/${'1'.repeat(500)}` });
      expect(res.statusCode).toBe(414);
      expect(res.json()).toEqual({ title: 'A part of the address is too long', status: 414 });
    });

    it.each([
      [
        'invalid JSON',
        { 'content-type': 'application/json' },
        '{"userName":',
        400,
        'Der Inhalt ist kein gültiges JSON',
      ],
      [
        'an empty JSON body',
        { 'content-type': 'application/json' },
        '',
        400,
        'Der Inhalt ist leer, obwohl sein Typ JSON angibt',
      ],
      [
        'an unknown content type',
        { 'content-type': 'application/x-fuzz' },
        'x',
        415,
        'Der Inhaltstyp wird hier nicht angenommen',
      ],
      [
        'a body past the limit',
        { 'content-type': 'application/json' },
        `"${'a'.repeat(2 ** 21)}"`,
        413,
        'Der Inhalt ist zu groß',
      ],
    ])('answers %s in the caller’s language', async (_, headers, payload, status, title) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/account/login',
        headers: { ...headers, 'accept-language': 'de-DE' },
        payload,
      });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ title, status });
    });

    /** The raw answer to bytes Node's parser refuses (inject never reaches the parser). */
    const rawAnswer = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const { port } = new URL(s.baseUrl);
        const socket = connectSocket(Number(port), '127.0.0.1', () => socket.end(request));
        let answer = '';
        socket.on('data', (chunk) => {
          answer += chunk.toString();
        });
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });

    it.each([
      [
        'an unknown method',
        'FUZZ /api/game HTTP/1.1\r\nHost: x\r\n\r\n',
        400,
        'The request could not be read',
      ],
      [
        'a NUL in a header',
        'GET /api/game HTTP/1.1\r\nHost: x\r\nUser-Agent: a\u0000b\r\n\r\n',
        400,
        'The request could not be read',
      ],
      [
        'oversized headers',
        `GET /api/game HTTP/1.1\r\nHost: x\r\nX-Big: ${'x'.repeat(64 * 1024)}\r\n\r\n`,
        431,
        'The request headers are too large',
      ],
    ])('answers %s with the envelope', async (_, request, status, title) => {
      const answer = await rawAnswer(request);
      expect(answer).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      expect(answer).toMatch(/\r\ncontent-type: application\/json/i);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ title, status });
    });
  });
});
