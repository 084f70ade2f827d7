// What a scripter leans on, against the real server: paged lists iterated across several pages, hooks that see
// every request and answer, and an abort that ends the call on the server's side too.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isPennonError, type PennonClient } from '@pennon/sdk';
import { createNodeClient } from '@pennon/sdk/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.ts';
import { adminPassword, type SdkServer, startSdkServer } from '../support/sdk.ts';

const teamCount = 7;

describe.each(databaseKinds())('the SDK for scripts on $name', (kind) => {
  let s: SdkServer;
  let admin: PennonClient;
  let gameId: number;

  /** The next request the server receives on `path`, as Node's server saw it. */
  const nextRequest = (path: string) =>
    new Promise<{ req: IncomingMessage; res: ServerResponse }>((resolve) => {
      const server = s.t.app.server;
      const listener = (req: IncomingMessage, res: ServerResponse) => {
        if (!req.url?.startsWith(path)) return;
        server.off('request', listener);
        resolve({ req, res });
      };
      server.prependListener('request', listener);
    });

  /**
   * Holds the next request on `path` back from the app (every other one passes), as a slow handler would;
   * `release` hands it on.
   */
  const holdNext = (path: string) =>
    new Promise<{ res: ServerResponse; release: () => void }>((resolve) => {
      const server = s.t.app.server;
      const app = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
      server.removeAllListeners('request');
      const pass = (req: IncomingMessage, res: ServerResponse) => {
        for (const handle of app) handle.call(server, req, res);
      };
      const gate = (req: IncomingMessage, res: ServerResponse) => {
        if (!req.url?.startsWith(path)) return pass(req, res);
        server.off('request', gate);
        for (const handle of app) server.on('request', handle);
        resolve({ res, release: () => pass(req, res) });
      };
      server.on('request', gate);
    });

  beforeAll(async () => {
    s = await startSdkServer(kind);
    admin = await s.admin();
    await admin.admin.createUsers(
      Array.from({ length: teamCount }, (_, i) => ({
        userName: `sailor${i}`,
        password: 'Secret123',
        email: `sailor${i}@example.com`,
        teamName: `Crew ${i}`,
      })),
    );
    ({ id: gameId } = await admin.edit.createGame({
      title: 'Paging',
      start: 0,
      end: Date.now() + 3_600_000,
    }));
    for (let i = 0; i < 5; i++) await admin.edit.createNotice(gameId, { content: `Notice ${i}` });
  });
  afterAll(async () => {
    // The aborted calls leave a connection the server would otherwise wait out its keep-alive for.
    s?.t.app.server.closeAllConnections();
    await s?.close();
  });

  it('iterates a paged list to its end, page by page, from the skip asked', async () => {
    const pages: string[] = [];
    const client = createNodeClient({
      baseUrl: s.baseUrl,
      retry: 0,
      hooks: { beforeRequest: [(request) => void pages.push(new URL(request.url).search)] },
    });
    await client.account.login({ userName: 'admin', password: adminPassword });
    pages.length = 0;

    const first = await client.admin.teams({ count: 3 });
    expect(first).toMatchObject({ length: 3, total: teamCount });
    pages.length = 0;
    const names: string[] = [];
    for await (const team of client.admin.teams({ count: 3 })) names.push(team.name ?? '');
    expect(names.sort()).toEqual(Array.from({ length: teamCount }, (_, i) => `Crew ${i}`));
    // Three pages cover seven teams; the total says there is no fourth.
    expect(pages).toEqual(['?count=3', '?count=3&skip=3', '?count=3&skip=6']);

    const rest: unknown[] = [];
    for await (const user of client.admin.users({ count: 2, skip: 4 })) rest.push(user.id);
    // The admin and seven sailors, from the fifth on.
    expect(rest).toHaveLength(4);

    // A list without a total (a plain array) ends on a short page.
    pages.length = 0;
    const notices: string[] = [];
    for await (const notice of client.game.notices(gameId, { count: 2 }))
      notices.push(notice.values[0] ?? '');
    expect(notices.sort()).toEqual(['Notice 0', 'Notice 1', 'Notice 2', 'Notice 3', 'Notice 4']);
    expect(pages).toEqual(['?count=2', '?count=2&skip=2', '?count=2&skip=4']);

    // edit.games answers an empty page without a count; iterating asks for the largest pages instead.
    const games = await client.edit.games();
    expect(games).toMatchObject({ length: 0, total: 1 });
    const titles: string[] = [];
    for await (const game of client.edit.games()) titles.push(game.title);
    expect(titles).toEqual(['Paging']);
  });

  it('runs the hooks: a header added reaches the server, the answer hook sees each status', async () => {
    const seen: { path: string; status: number; route: string; retry: number }[] = [];
    const client = createNodeClient({
      baseUrl: s.baseUrl,
      retry: 0,
      hooks: {
        beforeRequest: [(request) => request.headers.set('x-trace-id', 'trace-42')],
        afterResponse: [
          (request, response, { route, retryCount }) =>
            void seen.push({
              path: new URL(request.url).pathname,
              status: response.status,
              route: route.path,
              retry: retryCount,
            }),
        ],
      },
    });
    const received = nextRequest('/api/config');
    await client.info.config();
    expect((await received).req.headers['x-trace-id']).toBe('trace-42');

    const refused = await client.game.get(999_999).catch((err: unknown) => err);
    expect(isPennonError(refused, 'bad-request')).toBe(true);
    expect(seen).toEqual([
      { path: '/api/config', status: 200, route: '/api/config', retry: 0 },
      { path: '/api/game/999999', status: 404, route: '/api/game/{id}', retry: 0 },
    ]);
  });

  it('aborts a call: it rejects as aborted and the server sees the request closed unanswered', async () => {
    const controller = new AbortController();
    const held = holdNext('/api/admin/users');
    const call = admin.admin.users({}, { signal: controller.signal }).catch((err: unknown) => err);
    const { res, release } = await held;
    const closed = new Promise<boolean>((resolve) => res.once('close', () => resolve(res.writableFinished)));
    controller.abort();
    const err = await call;
    expect(isPennonError(err, 'aborted')).toBe(true);
    expect((err as Error).cause).toMatchObject({ name: 'AbortError' });
    expect(await closed).toBe(false);
    release();

    // Aborting mid-iteration ends the loop with the same error.
    const iterating = new AbortController();
    const iterated: string[] = [];
    const loop = (async () => {
      for await (const team of admin.admin.teams({ count: 2 }, { signal: iterating.signal })) {
        iterated.push(team.name ?? '');
        if (iterated.length === 2) iterating.abort();
      }
    })().catch((e: unknown) => e);
    expect(isPennonError(await loop, 'aborted')).toBe(true);
    expect(iterated).toHaveLength(2);
  });
});
