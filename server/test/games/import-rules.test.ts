// A game package is held to the edit API's rules, field by field (one definition of each, in the SDK), and refused
// with a 400 naming the entry and the field; the import writes in one transaction, so a package that fails midway
// leaves no game, not even for a moment, and no file behind.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MARKDOWN_MAX } from '@pennon/sdk/contract';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { multipart } from '../support/multipart.ts';
import { gameClient, signInAdmin } from './helpers.ts';

/** How a title or division name that hides or reorders what players see is refused, after its field's name. */
const unseen = 'must have a visible character and no control or text direction characters';
const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const manifest = { format: 'GZCTF-GAME', version: '1.0' };
const game = { title: 'Atoll', startTime: '2026-03-01T00:00:00Z', endTime: '2026-03-02T00:00:00Z' };
const challenge = (id: number, extra: object = {}) => ({
  id,
  title: `Islet ${id}`,
  category: 'Misc',
  type: 'StaticAttachment',
  flags: { static: [{ value: `flag{islet-${id}}` }] },
  ...extra,
});

/** A package of `game` and `challenges`, with `files` by their SHA-256. */
const pack = (gameJson: object, challenges: object[], files: Buffer[] = []) =>
  Buffer.from(
    zipSync(
      {
        'manifest.json': json(manifest),
        'game.json': json(gameJson),
        ...Object.fromEntries(
          challenges.map((c) => [`challenges/challenge-${(c as { id: number }).id}.json`, json(c)]),
        ),
        ...Object.fromEntries(
          files.map((file) => [`files/${createHash('sha256').update(file).digest('hex')}`, file]),
        ),
      },
      { level: 1 },
    ),
  );

/** The zip with `name`'s size in its central directory understated: the entry inflates past what it declares. */
const understate = (zip: Buffer, name: string): Buffer => {
  const copy = Buffer.from(zip);
  for (let at = copy.indexOf('PK\x01\x02', 0, 'latin1'); at >= 0; ) {
    const nameLength = copy.readUInt16LE(at + 28);
    if (copy.toString('latin1', at + 46, at + 46 + nameLength) === name) copy.writeUInt32LE(1, at + 24);
    at = copy.indexOf('PK\x01\x02', at + 46, 'latin1');
  }
  return copy;
};

describe.each(databaseKinds())('game import rules on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  let c: ReturnType<typeof gameClient>;
  const uploads = path.join(mkdtempSync(path.join(os.tmpdir(), 'pennon-import-')), 'uploads');

  const importGame = (data: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/edit/games/import',
      ...multipart([{ field: 'file', name: 'game.zip', data, type: 'application/zip' }]),
      ...asUser(admin),
    });
  const gameCount = async () => (await c.ok(admin, 'GET', '/api/edit/games?count=100')).total as number;
  /** The blobs stored, and any file staged on the way. */
  const blobs = () =>
    existsSync(uploads)
      ? readdirSync(uploads, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => entry.name)
          .sort()
      : [];

  beforeAll(async () => {
    t = await startTestApp(kind, { PENNON_DATA_DIR: path.dirname(uploads) });
    admin = await signInAdmin(t.app, t.connection.db);
    c = gameClient(t.app);
  });
  afterAll(async () => t?.close());

  it.each([
    {
      name: 'an over-long game title',
      gameJson: { ...game, title: 'A'.repeat(129) },
      title: "The package's game.json is not valid: title must be at most 128 characters long",
    },
    {
      name: 'a team size past a 32-bit integer',
      gameJson: { ...game, teamMemberCountLimit: 2 ** 31 },
      title: "The package's game.json is not valid: teamMemberCountLimit must be at most 2147483647",
    },
    {
      name: 'a blood bonus past 100 %',
      gameJson: { ...game, bloodBonus: { first: 1001, second: 0, third: 0 } },
      title: "The package's game.json is not valid: bloodBonus.first must be at most 1000",
    },
    {
      name: 'an over-long division name',
      gameJson: { ...game, divisions: [{ name: 'D'.repeat(32) }] },
      title: "The package's game.json is not valid: divisions.0.name must be at most 31 characters long",
    },
    {
      name: 'a game title reversed by a bidi override',
      gameJson: { ...game, title: 'Atoll \u202Eenif\u202C' },
      title: `The package's game.json is not valid: title ${unseen}`,
    },
    {
      name: 'a division name of zero-width characters only',
      gameJson: { ...game, divisions: [{ name: '\u200B\u200D' }] },
      title: `The package's game.json is not valid: divisions.0.name ${unseen}`,
    },
    {
      name: 'a challenge title with a control character',
      challenges: [challenge(1, { title: 'Islet\u0007' })],
      title: `The package's challenges/challenge-1.json is not valid: title ${unseen}`,
    },
    {
      name: 'a time that is no time',
      gameJson: { ...game, endTime: 'soon' },
      title: "The package's game.json is not valid: endTime has the wrong type",
    },
    {
      name: 'an over-long challenge title',
      challenges: [challenge(1, { title: 'T'.repeat(129) })],
      title:
        "The package's challenges/challenge-1.json is not valid: title must be at most 128 characters long",
    },
    {
      name: 'a category that does not exist',
      challenges: [challenge(1, { category: 'Cooking' })],
      title:
        "The package's challenges/challenge-1.json is not valid: category is not one of the allowed values",
    },
    {
      name: 'an over-long flag',
      challenges: [challenge(1, { flags: { static: [{ value: `flag{${'x'.repeat(122)}}` }] } })],
      title:
        "The package's challenges/challenge-1.json is not valid: flags.static.0.value must be at most 127 characters long",
    },
    {
      name: 'a score curve that ends above its start',
      challenges: [challenge(1, { scoring: { original: 500, minRate: 1.5, difficulty: 5 } })],
      title: "The package's challenges/challenge-1.json is not valid: scoring.minRate must be at most 1",
    },
    {
      name: 'a submission limit past the edit API’s',
      challenges: [challenge(1, { limits: { submission: 10_001 } })],
      title:
        "The package's challenges/challenge-1.json is not valid: limits.submission must be at most 10000",
    },
    {
      name: 'a container with less memory than the edit API allows',
      challenges: [
        challenge(1, {
          type: 'StaticContainer',
          container: { image: 'reef:1', memoryLimit: 1, cpuCount: 1, storageLimit: 0, exposePort: 80 },
        }),
      ],
      title:
        "The package's challenges/challenge-1.json is not valid: container.memoryLimit must be at least 32",
    },
    {
      name: 'Markdown larger than the edit API takes',
      challenges: [challenge(1, { content: 'm'.repeat(MARKDOWN_MAX + 1) })],
      title: `The package's challenges/challenge-1.json is not valid: content must be at most ${MARKDOWN_MAX} characters long`,
    },
    {
      name: 'a NUL character, which PostgreSQL cannot store',
      challenges: [challenge(1, { hints: ['fine', 'tide\u0000'] })],
      title:
        "The package's challenges/challenge-1.json is not valid: hints.1 must not contain the NUL character (U+0000)",
    },
    {
      name: 'a guessable flag template',
      challenges: [
        challenge(1, {
          type: 'DynamicContainer',
          flags: { template: 'flag{a}' },
          container: { image: 'reef:1', memoryLimit: 64, cpuCount: 1, storageLimit: 0, exposePort: 80 },
        }),
      ],
      title:
        "The package's challenges/challenge-1.json is not valid: The flag template is too trivial: add [GUID] or [TEAM_HASH], or more letters",
    },
    {
      name: 'traffic capture on a challenge without containers',
      challenges: [challenge(1, { flags: { enableTrafficCapture: true, static: [{ value: 'flag{x}' }] } })],
      title:
        "The package's challenges/challenge-1.json is not valid: Traffic capture is only for container challenges",
    },
  ])('refuses $name with a 400 naming the entry and field, creating nothing', async (refusal) => {
    const before = await gameCount();
    const res = await importGame(pack(refusal.gameJson ?? game, refusal.challenges ?? [challenge(1)]));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ title: refusal.title, status: 400 });
    expect(await gameCount()).toBe(before);
  });

  it('refuses a package whose JSON passes 64 MiB together, each entry within its own bounds', async () => {
    const before = await gameCount();
    // Five challenges of 60 hints of 250 000 characters: each entry 15 MB, each hint within the Markdown bound.
    const hints = Array.from({ length: 60 }, () => 'h'.repeat(250_000));
    const res = await importGame(
      pack(
        game,
        Array.from({ length: 5 }, (_, i) => challenge(i + 1, { hints })),
      ),
    );
    expect(res.json()).toEqual({
      title: "The package's JSON files and poster are larger than 64 MiB together",
      status: 400,
    });
    expect(await gameCount()).toBe(before);
  }, 120_000);

  it('holds the edit API to the same rules, in the same words', async () => {
    const start = Date.parse(game.startTime);
    const over = await c.call(admin, 'POST', '/api/edit/games', {
      title: 'A'.repeat(129),
      start,
      end: start + 1,
    });
    expect(over.json()).toEqual({ title: 'title must be at most 128 characters long', status: 400 });
    const { id } = await c.ok(admin, 'POST', '/api/edit/games', { title: 'Atoll', start, end: start + 1 });
    const islet = await c.ok(admin, 'POST', `/api/edit/games/${id}/challenges`, challenge(1));
    const long = await c.call(admin, 'PUT', `/api/edit/games/${id}/challenges/${islet.id}`, {
      content: 'm'.repeat(MARKDOWN_MAX + 1),
    });
    expect(long.json()).toEqual({
      title: `content must be at most ${MARKDOWN_MAX} characters long`,
      status: 400,
    });
  });

  it('holds titles and division names to what players can see, through the edit API as on import', async () => {
    const start = Date.parse(game.startTime);
    const refused = (field: string) => ({ title: `${field} ${unseen}`, status: 400 });
    const created = await c.call(admin, 'POST', '/api/edit/games', {
      title: '\u2066Atoll\u2069',
      start,
      end: start + 1,
    });
    expect(created.json()).toEqual(refused('title'));
    // Right-to-left text and an emoji joined by U+200D are titles like any other.
    const { id } = await c.ok(admin, 'POST', '/api/edit/games', {
      title: 'جزيرة 🏝️ 👩\u200D💻',
      start,
      end: start + 1,
    });
    const islet = await c.ok(admin, 'POST', `/api/edit/games/${id}/challenges`, challenge(1));
    const renamed = await c.call(admin, 'PUT', `/api/edit/games/${id}/challenges/${islet.id}`, {
      title: 'Islet\r\nFlag here',
    });
    expect(renamed.json()).toEqual(refused('title'));
    const blank = await c.call(admin, 'POST', `/api/edit/games/${id}/divisions`, { name: ' \u200B\uFEFF' });
    expect(blank.json()).toEqual(refused('name'));
    const division = await c.ok(admin, 'POST', `/api/edit/games/${id}/divisions`, { name: 'Open' });
    const reversed = await c.call(admin, 'PUT', `/api/edit/games/${id}/divisions/${division.id}`, {
      name: 'Open\u202E',
    });
    expect(reversed.json()).toEqual(refused('name'));
  });

  it('refuses a package failing on its 200th challenge with no game ever listed and no file left', async () => {
    const chart = Buffer.from('a chart of the atoll, found in no other game');
    const hash = createHash('sha256').update(chart).digest('hex');
    const challenges = Array.from({ length: 199 }, (_, i) => challenge(i + 1));
    challenges[0] = challenge(1, {
      attachment: { type: 'Local', hash, fileName: 'chart.txt' },
      enabled: true,
    });
    // Only writing it finds the fault: the template passes the schema but not the rule of dynamic flags.
    challenges.push(
      challenge(200, {
        type: 'DynamicContainer',
        flags: { template: 'flag{ab}' },
        container: { image: 'reef:1', memoryLimit: 64, cpuCount: 1, storageLimit: 0, exposePort: 80 },
      }),
    );
    const before = await gameCount();
    const storedBefore = blobs();

    let done = false;
    const importing = importGame(pack(game, challenges, [chart])).finally(() => {
      done = true;
    });
    // An admin listing games meanwhile never sees a half-imported one.
    const seen: number[] = [];
    // A turn of the event loop between listings, so the upload's stream events are not starved.
    while (!done) {
      seen.push(await gameCount());
      await new Promise(setImmediate);
    }
    const res = await importing;

    expect(res.statusCode, res.body).toBe(400);
    // Without the transaction, 613 of 1552 listings (SQLite) showed the half-imported game.
    expect(seen.filter((count) => count !== before)).toEqual([]);
    expect(res.json().title).toBe(
      "The package's challenges/challenge-200.json is not valid: The flag template is too trivial: add [GUID] or [TEAM_HASH], or more letters",
    );
    expect(await gameCount()).toBe(before);
    expect(blobs()).toEqual(storedBefore);

    // Its last file failing as it inflates, after the first was stored, leaves no file either.
    const reef = Buffer.from('a reef chart, longer than its archive says');
    const reefHash = createHash('sha256').update(reef).digest('hex');
    challenges[199] = challenge(200, { attachment: { type: 'Local', hash: reefHash, fileName: 'reef.txt' } });
    const lying = await importGame(understate(pack(game, challenges, [chart, reef]), `files/${reefHash}`));
    expect(lying.json()).toEqual({ title: `The package's files/${reefHash} is not valid`, status: 400 });
    expect(await gameCount()).toBe(before);
    expect(blobs()).toEqual(storedBefore);

    // The same package without its faults imports whole, its file included.
    challenges[199] = challenge(200);
    const fixed = await importGame(pack(game, challenges, [chart]));
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(await c.ok(admin, 'GET', `/api/edit/games/${fixed.json()}/challenges`)).toHaveLength(200);
    expect(blobs()).toEqual([...storedBefore, hash].sort());
  }, 240_000);
});
