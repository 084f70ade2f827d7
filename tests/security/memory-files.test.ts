// Issue 43 §2: memory an upload cannot take. An image is refused by its header's pixel count before any pixel is
// decoded (a 16000×16000 GIF of a hundred bytes took 1 GiB), and images decode one at a time per process
// while the others wait their turn. The server's memory is read from /proc/{pid}/status: its resident size before,
// and its peak during the request (the peak is reset first through /proc/{pid}/clear_refs). On SQLite and PostgreSQL.
import { createHash, randomBytes } from 'node:crypto';
import type { PennonClient } from '@pennon/sdk';
import { createNodeClient } from '@pennon/sdk/node';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, type TestDatabase } from '../../server/test/support/databases.ts';
import { peakRssMiB, resetPeakRss, rssMiB } from '../support/memory.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const adminPassword = 'Harbour2024';
/** What one refused request may add to the server's resident memory at its peak. */
const peakBoundMiB = 100;

interface Measured<T> {
  result: T;
  /** Resident memory added at the peak, and still there after, in MiB. */
  peakMiB: number;
  afterMiB: number;
  seconds: number;
}

/** What `work` costs the server process: its peak and lasting growth in resident memory, and its time. */
const measure = async <T>(pid: number, work: () => Promise<T>): Promise<Measured<T>> => {
  resetPeakRss(pid);
  const before = rssMiB(pid);
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  return { result, peakMiB: peakRssMiB(pid) - before, afterMiB: rssMiB(pid) - before, seconds };
};

const figures = (what: string, { peakMiB, afterMiB, seconds }: Measured<unknown>) =>
  console.log(
    `${what}: peak +${peakMiB.toFixed(1)} MiB, after +${afterMiB.toFixed(1)} MiB, ${seconds.toFixed(2)} s`,
  );

const u16 = (n: number) => [n & 0xff, n >> 8];

/**
 * An animated GIF whose `frames` frames are each `size`×`size` pixels and hold one pixel's worth of data: a few
 * bytes per frame, `size`² pixels per frame for a decoder.
 */
const hugeGif = (size: number, frames: number): Buffer => {
  const frame = [
    ...[0x21, 0xf9, 4, 0, 10, 0, 0, 0], // graphic control: 0.1 s
    ...[0x2c, 0, 0, 0, 0, ...u16(size), ...u16(size), 0], // image descriptor: the whole canvas
    ...[2, 2, 0x44, 0x01, 0], // LZW, 2-bit codes: clear, colour 0, end
  ];
  return Buffer.from([
    ...Buffer.from('GIF89a'),
    ...u16(size),
    ...u16(size),
    ...[0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff], // two-colour global table
    ...[0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 3, 1, 0, 0, 0], // loop forever
    ...Array.from({ length: frames }, () => frame).flat(),
    0x3b,
  ]);
};

const photo = (seed: number) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: seed * 12, g: 90, b: 200 } } })
    .jpeg()
    .toBuffer();

/** `mib` MiB of zeros, a MiB at a time: deflated, a few hundred kilobytes. */
function* zeros(mib: number) {
  const chunk = new Uint8Array(1024 * 1024);
  for (let i = 0; i < mib; i++) yield chunk;
}

type AddEntry = (name: string, chunks: Iterable<Uint8Array>) => void;
const json = (value: unknown) => [strToU8(JSON.stringify(value))];

/** A game package (its manifest and game, then what `fill` adds), entries deflated at `level` (0: stored). */
const gamePackage = (level: 0 | 1, fill: (add: AddEntry) => void): Buffer => {
  const parts: Uint8Array[] = [];
  const archive = new Zip((error, chunk) => {
    if (error) throw error;
    parts.push(chunk);
  });
  const add: AddEntry = (name, chunks) => {
    const entry = new ZipDeflate(name, { level });
    archive.add(entry);
    for (const chunk of chunks) entry.push(chunk);
    entry.push(new Uint8Array(0), true);
  };
  add('manifest.json', json({ format: 'GZCTF-GAME', version: '1.0' }));
  add(
    'game.json',
    json({ title: 'Ballast', startTime: '2026-01-01T00:00:00Z', endTime: '2026-12-31T00:00:00Z' }),
  );
  fill(add);
  archive.end();
  return Buffer.concat(parts);
};

/** A package of one challenge whose attachment is `content`, under `hash`. */
const packageWithAttachment = (content: Iterable<Uint8Array>, hash: string, level: 0 | 1 = 1): Buffer =>
  gamePackage(level, (add) => {
    add(
      'challenges/challenge-1.json',
      json({
        id: 1,
        title: 'Keel',
        category: 'Misc',
        type: 'StaticAttachment',
        attachment: { type: 'Local', hash, fileName: 'keel.bin' },
      }),
    );
    add(`files/${hash}`, content);
  });

/**
 * A package of `count` challenges of 60 hints of 250,000 characters each: every entry 15 MB and every hint within its
 * own bounds (16 MiB an entry, a Markdown text's length), but `count` × 15 MB of JSON in all.
 */
const packageOfLongHints = (count: number): Buffer => {
  const hint = strToU8(`"${'h'.repeat(250_000)}"`);
  const comma = strToU8(',');
  return gamePackage(1, (add) => {
    for (let id = 1; id <= count; id++) {
      const head = `{"id":${id},"title":"Hint ${id}","category":"Misc","type":"StaticAttachment","hints":[`;
      add(`challenges/challenge-${id}.json`, [
        strToU8(head),
        ...Array.from({ length: 60 }, (_, i) => (i === 0 ? [hint] : [comma, hint])).flat(),
        strToU8(']}'),
      ]);
    }
  });
};

/** How a call ended: 200, or the error envelope's status and title (and Retry-After) as the SDK read them. */
const outcome = (call: Promise<unknown>) =>
  call.then(
    () => ({ status: 200 }),
    ({ status, title, retryAfter }: { status?: number; title?: string; retryAfter?: number }) => ({
      status,
      title,
      retryAfter,
    }),
  );

describe.each(databaseKinds())('memory an upload cannot take on $name', (kind) => {
  let database: TestDatabase;
  let server: RunningServer;
  let admin: PennonClient;

  beforeAll(async () => {
    database = await kind.create();
    server = await startServer({ PENNON_ADMIN_PASSWORD: adminPassword, PENNON_DATABASE_URL: database.url });
    // No client timeout: sending a 200 MiB package can take longer than the SDK's 10 s on a busy machine.
    admin = createNodeClient({ baseUrl: server.url, retry: 0, timeout: false });
    await admin.account.login({ userName: 'admin', password: adminPassword });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('refuses a 16000×16000 animated GIF avatar by its header, in bounded time and memory', async () => {
    const gif = hugeGif(16_000, 4);
    expect(gif.length).toBeLessThan(1024);
    const measured = await measure(server.pid, () =>
      outcome(admin.account.updateAvatar(new File([new Uint8Array(gif)], 'huge.gif', { type: 'image/gif' }))),
    );
    figures(`16000×16000×4 GIF avatar (${gif.length} bytes) on ${kind.name}`, measured);
    expect(measured.result).toMatchObject({ status: 400, title: 'The image has more than 24 megapixels' });
    expect(measured.peakMiB).toBeLessThan(peakBoundMiB);
    expect(measured.seconds).toBeLessThan(10);
  }, 120_000);

  it('re-encodes 20 avatars sent at once, each in its turn', async () => {
    const photos = await Promise.all(Array.from({ length: 20 }, (_, i) => photo(i)));
    const measured = await measure(server.pid, () =>
      Promise.all(
        photos.map((file) =>
          outcome(
            admin.account.updateAvatar(new File([new Uint8Array(file)], 'photo.jpg', { type: 'image/jpeg' })),
          ),
        ),
      ),
    );
    figures(`20 avatars of 1200×900 at once on ${kind.name}`, measured);
    expect(measured.result).toEqual(photos.map(() => ({ status: 200 })));
  });
  it('turns images away with 503 once 32 wait, and takes them again once the queue drains', async () => {
    const upload = (file: Buffer, name: string, type: string) =>
      outcome(admin.account.updateAvatar(new File([new Uint8Array(file)], name, { type })));
    // A 4800×4800 GIF (23 MP, under the limit) takes the decoder a second or more: the photos sent behind it wait.
    const slow = upload(hugeGif(4_800, 1), 'slow.gif', 'image/gif');
    const photos = await Promise.all(Array.from({ length: 40 }, (_, i) => photo(i)));
    const results = await Promise.all(photos.map((file) => upload(file, 'photo.jpg', 'image/jpeg')));
    expect(await slow).toEqual({ status: 200 });
    const refused = results.filter((result) => result.status === 503);
    const taken = results.filter((result) => result.status === 200);
    console.log(
      `40 avatars behind a slow one on ${kind.name}: ${taken.length} taken, ${refused.length} refused`,
    );
    // One decoding and 32 waiting are taken; only what arrives past them is turned away, told when to come back.
    expect(taken.length + refused.length).toBe(photos.length);
    expect(taken.length).toBeGreaterThanOrEqual(32);
    expect(refused.length).toBeGreaterThan(0);
    for (const result of refused)
      expect(result).toEqual({
        status: 503,
        title: 'Too many images are being processed; try again shortly',
        retryAfter: 10,
      });
    // Every turn was given back: the next image is taken at once.
    expect(await upload(await photo(41), 'photo.jpg', 'image/jpeg')).toEqual({ status: 200 });
  }, 120_000);

  it('imports a 200 MiB game package without holding it', async () => {
    const attachment = randomBytes(200 * 1024 * 1024);
    const hash = createHash('sha256').update(attachment).digest('hex');
    const bulky = packageWithAttachment([attachment], hash, 0);
    const measured = await measure(server.pid, () =>
      outcome(admin.edit.importGame(new File([new Uint8Array(bulky)], 'cargo.zip'))),
    );
    figures(`game package of ${(bulky.length / 1024 / 1024).toFixed(0)} MiB on ${kind.name}`, measured);
    expect(measured.result).toEqual({ status: 200 });
    // Streamed to a temporary file and read from there: a fraction of the package, where holding it took all of it.
    expect(measured.peakMiB).toBeLessThan(64);
  }, 120_000);

  it('refuses a package of 300 MB of JSON after 64 MiB of it, in bounded memory', async () => {
    const heavy = packageOfLongHints(20);
    const games = (await admin.edit.games({ count: 100 })).total;
    const measured = await measure(server.pid, () =>
      outcome(admin.edit.importGame(new File([new Uint8Array(heavy)], 'hints.zip'))),
    );
    figures(
      `game package of 20 × 15 MB of JSON (${(heavy.length / 1024).toFixed(0)} KiB) on ${kind.name}`,
      measured,
    );
    expect(measured.result).toMatchObject({
      status: 400,
      title: "The package's JSON files and poster are larger than 64 MiB together",
    });
    // The 64 MiB held, each entry's chunks while they are joined, and the parser's strings: 142–175 MiB measured.
    // Holding the whole package would take more than its 300 MB.
    expect(measured.peakMiB).toBeLessThan(256);
    expect((await admin.edit.games({ count: 100 })).total).toBe(games);
  }, 120_000);

  it('refuses a game package with a 400 MiB entry, in bounded memory, leaving nothing behind', async () => {
    const bomb = packageWithAttachment(zeros(400), 'a'.repeat(64));
    const games = (await admin.edit.games({ count: 100 })).total;
    const files = (await admin.admin.files({ count: 100 })).total;
    const measured = await measure(server.pid, () =>
      outcome(admin.edit.importGame(new File([new Uint8Array(bomb)], 'ballast.zip'))),
    );
    figures(
      `game package with a 400 MiB entry (${(bomb.length / 1024).toFixed(0)} KiB) on ${kind.name}`,
      measured,
    );
    expect(measured.result).toMatchObject({
      status: 400,
      title: `The package's files/${'a'.repeat(64)} is larger than 256 MiB`,
    });
    expect(measured.peakMiB).toBeLessThan(peakBoundMiB);
    expect((await admin.edit.games({ count: 100 })).total).toBe(games);
    expect((await admin.admin.files({ count: 100 })).total).toBe(files);
  }, 120_000);
});
