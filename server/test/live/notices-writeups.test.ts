// §2.5/§2.6 notices (ordering, ETag, Normal-only edits) and §4.12 writeups (PDF only, deadline, replace, admin list,
// archive, delete).
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameFeed } from '../../src/games/feed.ts';
import { gameBody, gameClient, type Player, signInAdmin } from '../games/helpers.ts';
import { asUser } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { multipart } from '../support/multipart.ts';

const hour = 3_600_000;

/** The regular files of a tar archive: name → content (PAX `path` records honoured). */
const untar = (tar: Buffer): Map<string, Buffer> => {
  const files = new Map<string, Buffer>();
  let offset = 0;
  let paxPath: string | undefined;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = Number.parseInt(header.subarray(124, 136).toString('ascii').replace(/\0.*$/s, ''), 8);
    const type = String.fromCharCode(header[156] ?? 0);
    const body = tar.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
    if (type === 'x') {
      paxPath = /\d+ path=(.*)\n/.exec(body.toString('utf8'))?.[1];
      continue;
    }
    files.set(paxPath ?? name, Buffer.from(body));
    paxPath = undefined;
  }
  return files;
};

describe.each(databaseKinds())('notices and writeups on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  let c: ReturnType<typeof gameClient>;
  let gameId: number;
  let player: Player;
  let teamId: number;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pennon-writeups-'));
    t = await startTestApp(kind, { PENNON_DATA_DIR: dataDir });
    admin = await signInAdmin(t.app, t.connection.db);
    c = gameClient(t.app);
    ({ id: gameId } = await c.ok(
      admin,
      'POST',
      '/api/edit/games',
      gameBody({
        title: 'Harbour 北',
        acceptWithoutReview: true,
        writeupRequired: true,
        writeupNote: 'PDF please',
        writeupDeadline: Date.now() + 2 * hour,
      }),
    ));
    player = await c.signUp('wren');
    teamId = await c.createTeam(player, 'Gulls');
    await c.ok(player.token, 'POST', `/api/game/${gameId}`, { teamId });
  });
  afterAll(async () => t?.close());

  it('lists Normal notices first, then system ones newest first, with an ETag', async () => {
    const feed = new GameFeed(t.connection.db, t.app.bus);
    const first = await c.ok(admin, 'POST', `/api/edit/games/${gameId}/notices`, { content: 'first' });
    const blood = await feed.addNotice(gameId, 'FirstBlood', ['Gulls', 'Warmup']);
    const second = await c.ok(admin, 'POST', `/api/edit/games/${gameId}/notices`, { content: 'second' });
    const hint = await feed.addNotice(gameId, 'NewHint', ['Warmup']);
    const res = await t.app.inject({ url: `/api/game/${gameId}/notices` });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((n: { id: number }) => n.id)).toEqual([second.id, first.id, hint.id, blood.id]);
    const paged = await t.app.inject({ url: `/api/game/${gameId}/notices?count=2&skip=1` });
    expect(paged.json().map((n: { id: number }) => n.id)).toEqual([first.id, hint.id]);

    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({
      url: `/api/game/${gameId}/notices`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    await c.ok(admin, 'POST', `/api/edit/games/${gameId}/notices`, { content: 'third' });
    const changed = await t.app.inject({
      url: `/api/game/${gameId}/notices`,
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);

    expect((await t.app.inject({ url: `/api/game/${gameId}/notices?count=101` })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/game/99999/notices' })).statusCode).toBe(404);
    const { id: later } = await c.ok(
      admin,
      'POST',
      '/api/edit/games',
      gameBody({ start: Date.now() + hour, end: Date.now() + 2 * hour }),
    );
    expect((await t.app.inject({ url: `/api/game/${later}/notices` })).statusCode).toBe(400);
  });

  it('lets admins edit and delete only Normal notices', async () => {
    const base = `/api/edit/games/${gameId}/notices`;
    const listed = await c.ok(admin, 'GET', base);
    expect(listed.every((n: { type: string }) => n.type === 'Normal')).toBe(true);
    const [newest] = listed;
    const updated = await c.ok(admin, 'PUT', `${base}/${newest.id}`, { content: 'rewritten' });
    expect(updated).toMatchObject({ id: newest.id, type: 'Normal', values: ['rewritten'] });
    expect(updated.time).toBeGreaterThanOrEqual(newest.time);

    const system = await new GameFeed(t.connection.db, t.app.bus).addNotice(gameId, 'NewChallenge', ['Web']);
    expect((await c.call(admin, 'PUT', `${base}/${system.id}`, { content: 'x' })).statusCode).toBe(400);
    expect((await c.call(admin, 'DELETE', `${base}/${system.id}`)).statusCode).toBe(400);
    expect((await c.call(admin, 'PUT', `${base}/999999`, { content: 'x' })).statusCode).toBe(404);
    expect((await c.call(admin, 'POST', base, { content: '' })).statusCode).toBe(400);
    expect((await c.call(admin, 'POST', '/api/edit/games/99999/notices', { content: 'x' })).statusCode).toBe(
      404,
    );
    expect((await c.call(player.token, 'POST', base, { content: 'x' })).statusCode).toBe(403);

    expect((await c.call(admin, 'DELETE', `${base}/${newest.id}`)).statusCode).toBe(200);
    const after = await c.ok(admin, 'GET', base);
    expect(after.some((n: { id: number }) => n.id === newest.id)).toBe(false);
  });

  const upload = (file: { name: string; data: Buffer | string; type?: string }, gid = gameId) =>
    t.app.inject({
      method: 'POST',
      url: `/api/game/${gid}/writeup`,
      ...multipart([{ field: 'file', ...file }]),
      ...asUser(player.token),
    });
  const pdf = (text: string) => Buffer.from(`%PDF-1.4\n${text}\n%%EOF\n`);

  it('takes a PDF writeup, refuses anything else, and replaces the previous one', async () => {
    const before = await c.ok(player.token, 'GET', `/api/game/${gameId}/writeup`);
    expect(before).toEqual({ submitted: false, name: '#', fileSize: 0, note: 'PDF please' });

    expect((await upload({ name: 'w.pdf', data: 'hello', type: 'text/plain' })).statusCode).toBe(400);
    expect((await upload({ name: 'w.txt', data: pdf('x'), type: 'application/pdf' })).statusCode).toBe(400);
    expect((await upload({ name: 'w.pdf', data: '', type: 'application/pdf' })).statusCode).toBe(400);
    const tooLarge = Buffer.alloc(20 * 1024 * 1024 + 1, 0x20);
    expect((await upload({ name: 'w.pdf', data: tooLarge, type: 'application/pdf' })).statusCode).toBe(400);

    const first = await upload({ name: 'Ours.PDF', data: pdf('one'), type: 'application/pdf' });
    expect(first.statusCode, first.body).toBe(200);
    const second = await upload({ name: 'ours.pdf', data: pdf('second'), type: 'application/pdf' });
    expect(second.statusCode, second.body).toBe(200);
    const info = await c.ok(player.token, 'GET', `/api/game/${gameId}/writeup`);
    expect(info).toMatchObject({ submitted: true, fileSize: pdf('second').length, note: 'PDF please' });
    expect(info.name).toMatch(
      new RegExp(`^Writeup-${gameId}-${teamId}-\\d{8}-\\d{2}\\.\\d{2}\\.\\d{2}Z\\.pdf$`),
    );

    const list = await c.ok(admin, 'GET', `/api/admin/writeups/${gameId}`);
    expect(list.writeups).toHaveLength(1);
    expect(list.writeups[0]).toMatchObject({
      team: { id: teamId, name: 'Gulls', locked: expect.any(Boolean) },
    });
    expect(list.writeups[0].team).not.toHaveProperty('members');
    const file = await t.app.inject({ url: list.writeups[0].url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf('second'))).toBe(true);

    const archive = await t.app.inject({ url: `/api/admin/writeups/${gameId}/all`, ...asUser(admin) });
    expect(archive.statusCode).toBe(200);
    expect(archive.headers['content-type']).toMatch(/application\/gzip/);
    expect(archive.headers['content-disposition']).toMatch(/Writeups-/);
    const entries = untar(gunzipSync(archive.rawPayload));
    expect([...entries.keys()]).toEqual([
      expect.stringMatching(new RegExp(`^Writeups-Harbour 北-.*Z/${info.name}$`)),
    ]);
    expect([...entries.values()][0]?.equals(pdf('second'))).toBe(true);

    expect((await c.call(player.token, 'GET', `/api/admin/writeups/${gameId}`)).statusCode).toBe(403);
    expect((await c.call(admin, 'GET', '/api/admin/writeups/99999')).statusCode).toBe(404);

    expect((await c.call(admin, 'DELETE', `/api/edit/games/${gameId}/writeups`)).statusCode).toBe(200);
    expect((await c.ok(admin, 'GET', `/api/admin/writeups/${gameId}`)).writeups).toEqual([]);
    expect((await c.ok(player.token, 'GET', `/api/game/${gameId}/writeup`)).submitted).toBe(false);
    expect((await t.app.inject({ url: list.writeups[0].url })).statusCode).toBe(404);
  });

  it('takes a writeup only when its bytes are a PDF, keeping nothing of one that is not', async () => {
    const fake = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const hash = createHash('sha256').update(fake).digest('hex');
    const refused = await upload({ name: 'writeup.pdf', data: fake, type: 'application/pdf' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ status: 400, title: 'The writeup must be a PDF file' });
    const row = await t.connection.db.selectFrom('files').select('hash').where('hash', '=', hash).execute();
    expect(row).toEqual([]);
    expect(existsSync(path.join(dataDir, 'uploads', hash.slice(0, 2), hash.slice(2, 4), hash))).toBe(false);
    expect(readdirSync(path.join(dataDir, 'uploads', '.staging'))).toEqual([]);
    expect((await c.ok(player.token, 'GET', `/api/game/${gameId}/writeup`)).submitted).toBe(false);

    const accepted = await upload({ name: 'writeup.pdf', data: pdf('real'), type: 'application/pdf' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [writeup] = (await c.ok(admin, 'GET', `/api/admin/writeups/${gameId}`)).writeups;
    const file = await t.app.inject({ url: writeup.url });
    expect(file.rawPayload.equals(pdf('real'))).toBe(true);
    expect(file.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'content-disposition': expect.stringMatching(/^attachment; filename=Writeup-.*\.pdf$/),
    });
    expect((await c.call(admin, 'DELETE', `/api/edit/games/${gameId}/writeups`)).statusCode).toBe(200);
  });

  it('refuses writeups after the deadline or when the game takes none, but not merely after the end', async () => {
    const game = await c.ok(admin, 'GET', `/api/edit/games/${gameId}`);
    const ended = {
      ...game,
      start: Date.now() - 3 * hour,
      end: Date.now() - hour,
      writeupDeadline: Date.now() + hour,
    };
    await c.ok(admin, 'PUT', `/api/edit/games/${gameId}`, ended);
    expect((await upload({ name: 'late.pdf', data: pdf('late'), type: 'application/pdf' })).statusCode).toBe(
      200,
    );
    await c.ok(admin, 'PUT', `/api/edit/games/${gameId}`, { ...ended, writeupDeadline: Date.now() - 1000 });
    const past = await upload({ name: 'late.pdf', data: pdf('later'), type: 'application/pdf' });
    expect(past.statusCode).toBe(400);
    expect(past.json().title).toMatch(/deadline/);
    await c.ok(admin, 'PUT', `/api/edit/games/${gameId}`, {
      ...ended,
      writeupRequired: false,
      writeupDeadline: Date.now() + hour,
    });
    expect((await upload({ name: 'w.pdf', data: pdf('x'), type: 'application/pdf' })).statusCode).toBe(400);
  });
});
