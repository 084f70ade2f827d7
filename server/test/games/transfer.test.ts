// Game export and import (§2.5): a package made by export imports as the same game, files and all; a file that is
// no package, or a package that is not valid, is refused with nothing left behind; only admins may do either.
import { createHash } from 'node:crypto';
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
    await c.ok(admin, 'POST', `${base}/${lighthouse}/hints`, {
      title: 'Which lamp',
      content: 'The *red* one',
      costKind: 'Percent',
      cost: 20,
      releaseTime: Date.UTC(2030, 0, 1),
    });
    const buoys = (
      await c.ok(admin, 'POST', base, { title: 'Buoys', type: 'DynamicAttachment', category: 'Misc' })
    ).id;
    await c.ok(admin, 'POST', `${base}/${buoys}/flags`, [
      { flag: 'flag{red}', attachmentType: 'Local', fileHash: await upload('red.bin', 'red buoy') },
      { flag: 'flag{green}', attachmentType: 'Remote', remoteUrl: 'https://files.example/green' },
    ]);
    // Staged release: the buoys open in 2030, to a team that has solved the lighthouse.
    await c.ok(admin, 'PUT', `${base}/${buoys}`, {
      releaseAt: Date.UTC(2030, 0, 1),
      prerequisites: [lighthouse],
    });
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
        prerequisites,
        ...detail
      } = await c.ok(admin, 'GET', `/api/edit/games/${id}/challenges/${cid}`);
      const costedHints = (await c.ok(admin, 'GET', `/api/edit/games/${id}/challenges/${cid}/hints`)).map(
        ({ id: _hid, ...hint }: { id: number }) => hint,
      );
      challenges.push({
        ...detail,
        // By place in the list: a copy's challenges have ids of their own.
        prerequisites: (prerequisites as number[] | undefined)?.map((pid) =>
          list.findIndex((ch: { id: number }) => ch.id === pid),
        ),
        costedHints,
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
      /^attachment; filename=Harbour_Export-export-\d{8}-\d{6}\.zip$/,
    );
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    const manifest = JSON.parse(Buffer.from(entries['manifest.json'] as Uint8Array).toString());
    expect(manifest).toMatchObject({
      format: 'GZCTF-GAME',
      version: '1.0',
      exporterVersion: expect.stringMatching(/^Pennon /),
      game: { id: gameId, title: 'Harbour/Export' },
      statistics: { challengeCount: 2, divisionCount: 1, totalFlags: 4, totalFiles: 3 },
    });
    expect(manifest.exportedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Files go by the SHA-256 of their content, as GZ::CTF checks on import.
    const files = Object.keys(entries).filter((name) => name.startsWith('files/'));
    for (const name of files) {
      expect(name).toBe(
        `files/${createHash('sha256')
          .update(entries[name] as Uint8Array)
          .digest('hex')}`,
      );
    }
    expect(manifest.statistics.totalFileSize).toBe(
      files.reduce((n, name) => n + (entries[name] as Uint8Array).length, 0),
    );
    const read = (name: string) => JSON.parse(Buffer.from(entries[name] as Uint8Array).toString());
    const challengeFiles = Object.keys(entries).filter((name) => name.startsWith('challenges/'));
    expect(challengeFiles).toHaveLength(2);
    // GZ::CTF's field names and shapes: times as ISO strings, permissions by name, flags in their sections.
    const game = read('game.json');
    expect(game).toMatchObject({
      title: 'Harbour/Export',
      startTime: expect.stringMatching(/Z$/),
      bloodBonus: { first: 50, second: 30, third: 10 },
      divisions: [
        {
          name: 'Students',
          inviteCode: 'learn',
          defaultPermissions: ['All'],
          challengeConfig: [{ permissions: ['None'] }],
        },
      ],
    });
    const lighthouse = challengeFiles.map(read).find((c) => c.title === 'Lighthouse');
    expect(lighthouse).toMatchObject({
      enabled: true,
      scoring: { original: 700, minRate: 0.5, difficulty: 3 },
      limits: { submission: 9, deadline: null },
      flags: { static: [{ value: 'flag{lamp}' }, { value: 'flag{LAMP}' }] },
      attachment: { type: 'Local', fileName: 'beacon.txt', fileSize: 10 },
      hints: ['look up'],
      costedHints: [
        {
          title: 'Which lamp',
          content: 'The *red* one',
          costKind: 'Percent',
          cost: 20,
          releaseTime: '2030-01-01T00:00:00.000Z',
        },
      ],
      container: null,
    });

    const imported = await importGame(res.rawPayload);
    expect(imported.statusCode, imported.body).toBe(200);
    const copy = imported.json() as number;
    expect(copy).not.toBe(gameId);
    const original = await authored(gameId);
    expect(original.challenges[0]?.attachment).toEqual({ type: 'Local', name: 'beacon.txt', size: 10 });
    // Hidden like a new game, though the original is public: players never see two games with one title.
    expect(original.game.hidden).toBe(false);
    expect(await authored(copy)).toEqual({ ...original, game: { ...original.game, hidden: true } });
    // The copy's files are its own: deleting the original leaves them served.
    const [first] = await c.ok(admin, 'GET', `/api/edit/games/${copy}/challenges`);
    const detail = await c.ok(admin, 'GET', `/api/edit/games/${copy}/challenges/${first.id}`);
    await c.ok(admin, 'DELETE', `/api/edit/games/${gameId}`);
    const file = await t.app.inject(detail.attachment.url);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('the beacon');
  });

  it('imports a package as GZ::CTF writes it: .NET times, nulls, permissions by name, ids of its own', async () => {
    const readme = Buffer.from('read me first');
    const hash = createHash('sha256').update(readme).digest('hex');
    const json = (value: unknown) => strToU8(JSON.stringify(value, null, 2));
    const scoring = { original: 1000, minRate: 0.25, difficulty: 5 };
    const noLimits = { submission: 0, deadline: null };
    const pkg = zipSync({
      'manifest.json': json({
        version: '1.0',
        format: 'GZCTF-GAME',
        exportedAt: '2026-02-01T10:00:00.1234567+00:00',
        exporterVersion: '1.7.0.0',
        game: { id: 7, title: 'Lagoon' },
        statistics: { challengeCount: 3, divisionCount: 1, totalFlags: 3, totalFiles: 1, totalFileSize: 13 },
      }),
      'game.json': json({
        title: 'Lagoon',
        summary: 'Tides',
        content: '# Rules',
        hidden: true,
        practiceMode: false,
        acceptWithoutReview: true,
        inviteCode: null,
        teamMemberCountLimit: 4,
        containerCountLimit: 2,
        startTime: '2026-03-01T08:00:00+08:00',
        endTime: '2026-03-02T08:00:00.5+08:00',
        writeup: { required: true, deadline: '2026-03-05T00:00:00+00:00', note: 'PDF please' },
        bloodBonus: { first: 100, second: 50, third: 0 },
        posterHash: null,
        divisions: [
          {
            name: 'Open',
            inviteCode: 'tide',
            defaultPermissions: ['JoinGame', 'RankOverall', 'ViewChallenge', 'SubmitFlags', 'GetScore'],
            // 99 is no challenge of the package: left out, as GZ::CTF would refuse it.
            challengeConfig: [
              { challengeId: 12, permissions: ['None'] },
              { challengeId: 99, permissions: ['All'] },
            ],
          },
        ],
      }),
      'challenges/challenge-11.json': json({
        id: 11,
        title: 'Reef',
        content: 'Dive',
        category: 'Forensics',
        type: 'StaticAttachment',
        enabled: true,
        scoring: { original: 500, minRate: 0.3, difficulty: 4.5 },
        limits: { submission: 5, deadline: '2026-03-01T20:00:00+00:00' },
        flags: {
          disableBloodBonus: true,
          enableTrafficCapture: false,
          template: null,
          static: [{ value: 'flag{reef}', attachment: null }],
        },
        attachment: { type: 'Local', hash, fileName: 'reef.txt', fileSize: 13, remoteUrl: null },
        hints: ['low tide'],
        container: null,
      }),
      'challenges/challenge-12.json': json({
        id: 12,
        title: 'Current',
        content: '',
        category: 'Pwn',
        type: 'DynamicContainer',
        enabled: false,
        scoring,
        limits: noLimits,
        flags: {
          disableBloodBonus: false,
          enableTrafficCapture: true,
          template: 'flag{[TEAM_HASH]}',
          static: [],
        },
        attachment: null,
        hints: null,
        container: {
          image: 'ghcr.io/pennon/current:1',
          memoryLimit: 128,
          cpuCount: 5,
          storageLimit: 512,
          exposePort: 9999,
          fileName: null,
        },
      }),
      'challenges/challenge-13.json': json({
        id: 13,
        title: 'Wreck',
        category: 'Misc',
        type: 'StaticAttachment',
        enabled: false,
        scoring,
        limits: noLimits,
        flags: { static: [{ value: 'flag{wreck}', attachment: null }] },
        attachment: { type: 'Remote', remoteUrl: 'https://files.example/wreck.zip', fileName: 'wreck.zip' },
      }),
      [`files/${hash}`]: readme,
    });
    const res = await importGame(Buffer.from(pkg));
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json() as number;
    expect(await c.ok(admin, 'GET', `/api/edit/games/${id}`)).toMatchObject({
      title: 'Lagoon',
      summary: 'Tides',
      content: '# Rules',
      hidden: true,
      practiceMode: false,
      acceptWithoutReview: true,
      inviteCode: null,
      teamMemberCountLimit: 4,
      containerCountLimit: 2,
      start: Date.parse('2026-03-01T00:00:00Z'),
      end: Date.parse('2026-03-02T00:00:00.500Z'),
      writeupRequired: true,
      writeupDeadline: Date.parse('2026-03-05T00:00:00Z'),
      writeupNote: 'PDF please',
      bloodBonus: (100 << 20) + (50 << 10),
      poster: null,
    });
    const list: { id: number; title: string }[] = await c.ok(
      admin,
      'GET',
      `/api/edit/games/${id}/challenges`,
    );
    const detail = async (title: string) =>
      c.ok(admin, 'GET', `/api/edit/games/${id}/challenges/${list.find((ch) => ch.title === title)?.id}`);
    const reef = await detail('Reef');
    expect(reef).toMatchObject({
      content: 'Dive',
      category: 'Forensics',
      isEnabled: true,
      originalScore: 500,
      minScoreRate: 0.3,
      difficulty: 4.5,
      submissionLimit: 5,
      deadlineUtc: Date.parse('2026-03-01T20:00:00Z'),
      disableBloodBonus: true,
      hints: ['low tide'],
      flags: [{ flag: 'flag{reef}', attachment: null }],
      attachment: { type: 'Local', fileSize: 13 },
    });
    expect((await t.app.inject(reef.attachment.url)).body).toBe('read me first');
    const current = await detail('Current');
    expect(current).toMatchObject({
      type: 'DynamicContainer',
      isEnabled: false,
      flagTemplate: 'flag{[TEAM_HASH]}',
      containerImage: 'ghcr.io/pennon/current:1',
      memoryLimit: 128,
      cpuCount: 5,
      storageLimit: 512,
      exposePort: 9999,
      enableTrafficCapture: true,
    });
    expect((await detail('Wreck')).attachment).toMatchObject({
      type: 'Remote',
      url: 'https://files.example/wreck.zip',
    });
    expect(await c.ok(admin, 'GET', `/api/edit/games/${id}/divisions`)).toMatchObject([
      {
        name: 'Open',
        inviteCode: 'tide',
        defaultPermissions: 1 | 2 | 256 | 512 | 1024,
        challengeConfigs: [{ challengeId: current.id, permissions: 0 }],
      },
    ]);
  });

  it('refuses what is not a valid package, creating nothing', async () => {
    const before = (await c.ok(admin, 'GET', '/api/edit/games?count=100')).total;
    const notZip = await importGame(Buffer.from('plain text, not a zip'));
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json().title).toBe('The file is not a game package');
    const manifest = strToU8(JSON.stringify({ format: 'GZCTF-GAME', version: '1.0' }));
    const badGame = await importGame(
      Buffer.from(zipSync({ 'manifest.json': manifest, 'game.json': strToU8('{"game":{}}') })),
    );
    expect(badGame.statusCode).toBe(400);
    expect(badGame.json().title).toBe("The package's game.json is not valid: title is required");
    const missingFile = await importGame(
      Buffer.from(
        zipSync({
          'manifest.json': manifest,
          'game.json': strToU8(
            JSON.stringify({
              title: 'Gone',
              startTime: '2026-01-01T00:00:00Z',
              endTime: '2026-01-02T00:00:00Z',
            }),
          ),
          'challenges/challenge-1.json': strToU8(
            JSON.stringify({
              id: 1,
              title: 'Gone',
              category: 'Misc',
              type: 'StaticAttachment',
              attachment: { type: 'Local', hash: 'a'.repeat(64), fileName: 'gone.txt' },
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
