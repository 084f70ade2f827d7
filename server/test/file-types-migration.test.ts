// Files stored before downloads were typed by their bytes (migration 0016): served by what they hold once the server
// is upgraded, and only the images the platform re-encoded back then shown inline.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Connection, connect, migrate, migratorOf } from '../src/db/database.ts';
import { readSettings } from '../src/settings.ts';
import { LocalDiskBlobStore } from '../src/storage/local-disk.ts';
import type { TestDatabase } from './support/databases.ts';
import { databaseKinds } from './support/databases.ts';

const solid = (background: string) => sharp({ create: { width: 8, height: 8, channels: 3, background } });

describe.each(databaseKinds())('file types migration on $name', (kind) => {
  let database: TestDatabase;
  let connection: Connection;
  let app: FastifyInstance;
  const hashes: Record<string, string> = {};

  beforeAll(async () => {
    database = await kind.create();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pennon-file-types-'));
    connection = connect(database.url);
    const { error } = await migratorOf(connection.db).migrateTo('0015_token_minter');
    if (error) throw error;

    const blobs = new LocalDiskBlobStore(path.join(dataDir, 'uploads'));
    const legacy = {
      html: ['x.png', Buffer.from('<html><script>alert(1)</script></html>')],
      chart: ['chart.png', await solid('#c03').png().toBuffer()],
      webpAvatar: ['avatar.webp', await solid('#3c0').webp().toBuffer()],
      gifAvatar: ['avatar.gif', await solid('#03c').gif().toBuffer()],
      logo: ['logo.webp', await solid('#333').webp().toBuffer()],
      strayWebp: ['avatar.webp', await solid('#999').webp().toBuffer()],
    } as const;
    for (const [key, [name, bytes]] of Object.entries(legacy)) {
      const staged = await blobs.stage(Readable.from([bytes]));
      await staged.commit();
      hashes[key] = staged.hash;
      await connection.db
        .insertInto('files')
        .values({ hash: staged.hash, name, size: bytes.length, ref_count: 1, uploaded_at: Date.now() })
        .execute();
    }
    const user = (name: string, avatar: string) => ({
      id: `00000000-0000-0000-0000-00000000000${name.length}`,
      user_name: name,
      normalized_user_name: name.toUpperCase(),
      email: `${name}@example.com`,
      normalized_email: `${name}@example.com`.toUpperCase(),
      password_hash: 'x',
      role: 'User' as const,
      avatar_hash: avatar,
      register_time_utc: 0,
      last_visited_utc: 0,
      security_stamp: 'x',
    });
    await connection.db
      .insertInto('users')
      .values([user('ann', hashes.webpAvatar as string), user('bert', hashes.gifAvatar as string)])
      .execute();
    await connection.db
      .insertInto('config')
      .values({ key: 'globalConfig', value: JSON.stringify({ title: 'Old', logoHash: hashes.logo }) })
      .execute();

    await migrate(connection.db);
    const settings = readSettings({
      PENNON_DATA_DIR: dataDir,
      PENNON_WEB_DIR: path.join(os.tmpdir(), 'pennon-no-web-build'),
      PENNON_DATABASE_URL: database.url,
    });
    app = await buildApp({ settings, connection });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const served = async (key: string, name: string) => {
    const res = await app.inject(`/assets/${hashes[key]}/${name}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    return [res.headers['content-type'], res.headers['content-disposition']];
  };

  it('types old uploads by their bytes when first served, and records the type', async () => {
    expect(await served('html', 'x.png')).toEqual(['application/octet-stream', 'attachment; filename=x.png']);
    expect(await served('chart', 'chart.png')).toEqual(['image/png', 'attachment; filename=chart.png']);
    const rows = await connection.db
      .selectFrom('files')
      .select(['hash', 'content_type'])
      .where('hash', 'in', [hashes.html as string, hashes.chart as string])
      .orderBy('content_type')
      .execute();
    expect(rows.map((row) => row.content_type)).toEqual(['application/octet-stream', 'image/png']);
  });

  it('shows inline only the WebP avatars and logo it re-encoded, not GIFs kept as uploaded', async () => {
    expect(await served('webpAvatar', 'avatar')).toEqual(['image/webp', 'inline']);
    expect(await served('logo', 'logo')).toEqual(['image/webp', 'inline']);
    expect(await served('gifAvatar', 'avatar')).toEqual(['image/gif', 'attachment; filename=avatar']);
    expect(await served('strayWebp', 'avatar')).toEqual(['image/webp', 'attachment; filename=avatar']);
  });
});
