// Game export and import (§2.5): a package made by export imports as the same game, files and all; a file that is
// no package, or a package that is not valid, is refused with nothing left behind; only admins may do either.
import { strToU8, unzipSync, zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { multipart } from '../support/multipart.ts';
import { startSdkServer } from '../support/sdk.ts';
import { gameBody, gameClient, signInAdmin } from './helpers.ts';

describe.each(databaseKinds())('game export and import on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  let c: ReturnType<typeof gameClient>;
  let gameId: number;

  const upload = async (name: string, data: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/assets',
      ...multipart([{ field: 'files', name, data }]),
      ...asUser(admin),
    });
    return res.json()[0].hash as string;
  };
  const exportGame = (id: number, token = admin) =>
    t.app.inject({ method: 'POST', url: `/api/edit/games/${id}/export`, ...asUser(token) });
  const importGame = (data: Buffer, token = admin) =>
    t.app.inject({
      method: 'POST',
      url: '/api/edit/games/import',
      ...multipart([{ field: 'file', name: 'game.zip', data, type: 'application/zip' }]),
      ...asUser(token),
    });

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAdmin(t.app, t.connection.db);
    c = gameClient(t.app);
    gameId = (
      await c.ok(admin, 'POST', '/api/edit/games', gameBody({ title: 'Harbour/Export', summary: 'S' }))
    ).id;
    const poster = await sharp({ create: { width: 8, height: 4, channels: 3, background: '#036' } })
      .png()
      .toBuffer();
    await t.app.inject({
      method: 'PUT',
      url: `/api/edit/games/${gameId}/poster`,
      ...multipart([{ field: 'file', name: 'p.png', data: poster }]),
      ...asUser(admin),
    });
    const base = `/api/edit/games/${gameId}/challenges`;
    const lighthouse = (
      await c.ok(admin, 'POST', base, { title: 'Lighthouse', type: 'StaticAttachment', category: 'Web' })
    ).id;
    await c.ok(admin, 'POST', `${base}/${lighthouse}/flags`, [
      { flag: 'flag{lamp}' },
      { flag: 'flag{LAMP}' },
    ]);
    await c.ok(admin, 'POST', `${base}/${lighthouse}/attachment`, {
      attachmentType: 'Local',
      fileHash: await upload('beacon.txt', 'the beacon'),
    });
    await c.ok(admin, 'PUT', `${base}/${lighthouse}`, {
      content: 'Find the **lamp**',
      hints: ['look up'],
      originalScore: 700,
      minScoreRate: 0.5,
      difficulty: 3,
      submissionLimit: 9,
      isEnabled: true,
    });
    const buoys = (
      await c.ok(admin, 'POST', base, { title: 'Buoys', type: 'DynamicAttachment', category: 'Misc' })
    ).id;
    await c.ok(admin, 'POST', `${base}/${buoys}/flags`, [
      { flag: 'flag{red}', attachmentType: 'Local', fileHash: await upload('red.bin', 'red buoy') },
      { flag: 'flag{green}', attachmentType: 'Remote', remoteUrl: 'https://files.example/green' },
    ]);
    await c.ok(admin, 'POST', `/api/edit/games/${gameId}/divisions`, {
      name: 'Students',
      inviteCode: 'learn',
      challengeConfigs: [{ challengeId: buoys, permissions: 0 }],
    });
  });
  afterAll(async () => t?.close());

  /** The game as an admin sees it, without what a copy cannot share (ids, key, poster file). */
  const authored = async (id: number) => {
    const { id: _id, publicKey: _key, poster, ...game } = await c.ok(admin, 'GET', `/api/edit/games/${id}`);
    const list = await c.ok(admin, 'GET', `/api/edit/games/${id}/challenges`);
    const challenges = [];
    for (const { id: cid } of list) {
      const {
        id: _cid,
        attachment,
        flags,
        ...detail
      } = await c.ok(admin, 'GET', `/api/edit/games/${id}/challenges/${cid}`);
      challenges.push({
        ...detail,
        attachment: attachment && {
          type: attachment.type,
          name: attachment.url.split('/').pop(),
          size: attachment.fileSize,
        },
        flags: flags.map((f: { flag: string; attachment: { url: string } | null }) => [
          f.flag,
          f.attachment?.url ?? null,
        ]),
      });
    }
    const divisions = (await c.ok(admin, 'GET', `/api/edit/games/${id}/divisions`)).map(
      ({
        id: _did,
        challengeConfigs,
        ...d
      }: {
        id: number;
        challengeConfigs: { challengeId: number }[];
      }) => ({
        ...d,
        challenges: challengeConfigs.map((cc) =>
          list.findIndex((ch: { id: number }) => ch.id === cc.challengeId),
        ),
      }),
    );
    return { game, hasPoster: poster !== null, challenges, divisions };
  };

  it('exports a game as a zip that imports as the same game, attachments and divisions included', async () => {
    const res = await exportGame(gameId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename\*=UTF-8''Harbour_Export-export-\d{8}-\d{6}\.zip$/,
    );
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    const manifest = JSON.parse(Buffer.from(entries['manifest.json'] as Uint8Array).toString());
    expect(manifest).toMatchObject({
      format: 'GZCTF-GAME',
      version: '1.0',
      stats: { challenges: 2, flags: 4, files: 3 },
    });
    expect(Object.keys(entries).filter((name) => name.startsWith('challenges/'))).toHaveLength(2);

    const imported = await importGame(res.rawPayload);
    expect(imported.statusCode, imported.body).toBe(200);
    const copy = imported.json() as number;
    expect(copy).not.toBe(gameId);
    const original = await authored(gameId);
    expect(original.challenges[0]?.attachment).toEqual({ type: 'Local', name: 'beacon.txt', size: 10 });
    expect(await authored(copy)).toEqual(original);
    // The copy's files are its own: deleting the original leaves them served.
    const [first] = await c.ok(admin, 'GET', `/api/edit/games/${copy}/challenges`);
    const detail = await c.ok(admin, 'GET', `/api/edit/games/${copy}/challenges/${first.id}`);
    await c.ok(admin, 'DELETE', `/api/edit/games/${gameId}`);
    const file = await t.app.inject(detail.attachment.url);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('the beacon');
  });

  it('refuses what is not a valid package, creating nothing', async () => {
    const before = (await c.ok(admin, 'GET', '/api/edit/games?count=100')).total;
    const notZip = await importGame(Buffer.from('plain text, not a zip'));
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json().title).toBe('The file is not a game package');
    const manifest = strToU8(
      JSON.stringify({
        format: 'GZCTF-GAME',
        version: '1.0',
        exportedAt: 0,
        stats: { challenges: 0, flags: 0, files: 0 },
      }),
    );
    const badGame = await importGame(
      Buffer.from(zipSync({ 'manifest.json': manifest, 'game.json': strToU8('{"game":{}}') })),
    );
    expect(badGame.statusCode).toBe(400);
    expect(badGame.json().title).toBe("The package's game.json is not valid");
    const missingFile = await importGame(
      Buffer.from(
        zipSync({
          'manifest.json': manifest,
          'game.json': strToU8(JSON.stringify({ game: gameBody(), poster: null, divisions: [] })),
          'challenges/challenge-1.json': strToU8(
            JSON.stringify({
              id: 1,
              title: 'Gone',
              category: 'Misc',
              type: 'StaticAttachment',
              isEnabled: false,
              settings: {},
              attachment: { type: 'Local', hash: 'a'.repeat(64), name: 'gone.txt' },
              flags: [],
            }),
          ),
        }),
      ),
    );
    expect(missingFile.statusCode).toBe(400);
    expect(missingFile.json().title).toBe(`The package lacks files/${'a'.repeat(64)}`);
    expect((await c.ok(admin, 'GET', '/api/edit/games?count=100')).total).toBe(before);
  });

  it('lets only admins export and import', async () => {
    const player = await c.signUp('porter');
    const id = (await c.ok(admin, 'POST', '/api/edit/games', gameBody())).id;
    expect((await exportGame(id, player.token)).statusCode).toBe(403);
    expect((await importGame(Buffer.from('x'), player.token)).statusCode).toBe(403);
    expect((await exportGame(999_999)).statusCode).toBe(404);
  });
});

describe.each(databaseKinds())('game export and import through the SDK on $name', (kind) => {
  it('downloads the package with its name and imports it back as a new game', async () => {
    const s = await startSdkServer(kind);
    try {
      const admin = await s.admin();
      const game = await admin.edit.createGame(gameBody({ title: 'Quay' }));
      const challenge = await admin.edit.createChallenge(game.id, {
        title: 'Crane',
        category: 'Pwn',
        type: 'StaticAttachment',
      });
      await admin.edit.addFlags(game.id, challenge.id, [{ flag: 'flag{hook}' }]);
      const { data, fileName } = await admin.edit.exportGame(game.id);
      expect(fileName).toMatch(/^Quay-export-\d{8}-\d{6}\.zip$/);
      const copy = await admin.edit.importGame(new Uint8Array(await data.arrayBuffer()));
      expect((await admin.edit.game(copy)).title).toBe('Quay');
      const [imported] = await admin.edit.challenges(copy);
      expect(imported).toMatchObject({ title: 'Crane', category: 'Pwn', isEnabled: false });
      const detail = await admin.edit.challenge(copy, imported?.id as number);
      expect(detail.flags.map((f) => f.flag)).toEqual(['flag{hook}']);
    } finally {
      await s.close();
    }
  });
});
