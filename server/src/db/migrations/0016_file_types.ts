import type { Kysely } from 'kysely';

// Downloads take their Content-Type from the bytes, sniffed at upload (§4.18), not from the URL's extension. Files
// stored before are sniffed when first served (content_type null until then). Avatars, posters, the logo and the
// favicon stored as WebP were re-encoded by the platform, so they stay shown inline; GIFs were kept as uploaded.

interface Before {
  files: { hash: string; name: string; reencoded: number };
  users: { avatar_hash: string | null };
  teams: { avatar_hash: string | null };
  games: { poster_hash: string | null };
  config: { key: string; value: string };
}

const brandingHashes = async (db: Kysely<Before>): Promise<string[]> => {
  const row = await db
    .selectFrom('config')
    .select('value')
    .where('key', '=', 'globalConfig')
    .executeTakeFirst();
  const { logoHash, faviconHash } = row ? (JSON.parse(row.value) as Record<string, unknown>) : {};
  return [logoHash, faviconHash].filter((hash): hash is string => typeof hash === 'string');
};

export const up = async (unknownDb: Kysely<unknown>): Promise<void> => {
  const db = unknownDb as Kysely<Before>;
  await db.schema.alterTable('files').addColumn('content_type', 'text').execute();
  await db.schema
    .alterTable('files')
    .addColumn('reencoded', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  const branding = await brandingHashes(db);
  await db
    .updateTable('files')
    .set({ reencoded: 1 })
    .where('name', 'like', '%.webp')
    .where((eb) =>
      eb.or([
        eb('hash', 'in', eb.selectFrom('users').select('avatar_hash')),
        eb('hash', 'in', eb.selectFrom('teams').select('avatar_hash')),
        eb('hash', 'in', eb.selectFrom('games').select('poster_hash')),
        ...(branding.length > 0 ? [eb('hash', 'in', branding)] : []),
      ]),
    )
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('files').dropColumn('reencoded').execute();
  await db.schema.alterTable('files').dropColumn('content_type').execute();
};
