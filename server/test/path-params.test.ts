// A path's parameters are converted without TypeBox's conversion (issue #32: a flag's status poll names a new
// submission each time, and converting its path through the library took longer than the rest of the poll's checks),
// yet read exactly as the library read them.
import type { FastifyInstance } from 'fastify';
import Value from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gameBody, gameClient, signInAdmin } from './games/helpers.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';

// The library's conversion, counted: every module of the server gets this copy.
vi.mock('typebox/value', async (original) => {
  const actual = await original<{ default: typeof Value }>();
  return { ...actual, default: { ...actual.default, Convert: vi.fn(actual.default.Convert) } };
});

describe.each(databaseKinds())('path parameters on $name', (kind) => {
  let t: TestApp;
  let app: FastifyInstance;
  let admin: string;
  let gameId: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    app = t.app;
    admin = await signInAdmin(app, t.connection.db);
    gameId = (await gameClient(app).ok(admin, 'POST', '/api/edit/games', gameBody())).id;
  });
  afterAll(async () => t?.close());

  const game = (id: string) => gameClient(app).call(admin, 'GET', `/api/edit/games/${id}`);

  it('reads an integer with a sign or leading zeros as its number', async () => {
    for (const id of [`${gameId}`, `+${gameId}`, `000${gameId}`]) {
      const res = await game(id);
      expect(res.statusCode, id).toBe(200);
      expect(res.json().id).toBe(gameId);
    }
  });

  it('refuses what is not an integer, or is past the column', async () => {
    for (const [id, title] of [
      ['1.5', 'id has the wrong type'],
      ['1e3', 'id has the wrong type'],
      ['x', 'id has the wrong type'],
      ['2147483648', 'id must be at most 2147483647'],
      ['-2147483649', 'id must be at least -2147483648'],
    ]) {
      const res = await game(id as string);
      expect(res.json(), id).toEqual({ title, status: 400 });
    }
  });

  it("converts a path's parameters without the library's conversion", async () => {
    vi.mocked(Value.Convert).mockClear();
    // A path not asked before, as a status poll's is.
    expect((await game(`00000${gameId}`)).statusCode).toBe(200);
    expect(Value.Convert).not.toHaveBeenCalled();
  });
});
