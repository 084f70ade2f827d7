// Stored files (§4.18): blobs in a BlobStore, counted in the `files` table. Every owner of a file (an avatar, a logo,
// an admin upload) holds one reference; storing identical content again adds one, and the blob goes at zero.
import { Readable } from 'node:stream';
import type { LocalFile } from '@pennon/sdk/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { BlobStore } from './blob-store.ts';

export interface StoredFile extends LocalFile {
  size: number;
  uploadedAt: number;
}

export class FileStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly blobs: BlobStore,
  ) {}

  /** Stores the content under `name` and takes a reference to it; empty content is not stored (undefined). */
  async put(source: Readable | Buffer, name: string): Promise<LocalFile | undefined> {
    const staged = await this.blobs.stage(Buffer.isBuffer(source) ? Readable.from([source]) : source);
    if (staged.size === 0) {
      await staged.discard();
      return undefined;
    }
    // The blob is in place before its row exists, so a row never names a missing blob.
    await staged.commit();
    const { hash, size } = staged;
    await this.db
      .insertInto('files')
      .values({ hash, name, size, ref_count: 1, uploaded_at: Date.now() })
      .onConflict((oc) => oc.column('hash').doUpdateSet({ name, ref_count: sql`files.ref_count + 1` }))
      .execute();
    return { hash, name };
  }

  async get(hash: string): Promise<StoredFile | undefined> {
    const row = await this.db.selectFrom('files').selectAll().where('hash', '=', hash).executeTakeFirst();
    return row && { hash: row.hash, name: row.name, size: row.size, uploadedAt: row.uploaded_at };
  }

  open(hash: string): Promise<Readable | undefined> {
    return this.blobs.open(hash);
  }

  /** Takes one more reference to a stored file (a challenge attaching an uploaded asset); false when unknown. */
  async retain(hash: string): Promise<boolean> {
    const updated = await this.db
      .updateTable('files')
      .set({ ref_count: sql`ref_count + 1` })
      .where('hash', '=', hash)
      .returning('hash')
      .executeTakeFirst();
    return updated !== undefined;
  }

  /** Drops one reference, deleting the blob with the last; false when the hash is unknown. */
  async release(hash: string): Promise<boolean> {
    const updated = await this.db
      .updateTable('files')
      .set({ ref_count: sql`ref_count - 1` })
      .where('hash', '=', hash)
      .returning('ref_count')
      .executeTakeFirst();
    if (!updated) return false;
    // Conditional, so a reference taken meanwhile keeps the file.
    const gone = await this.db
      .deleteFrom('files')
      .where('hash', '=', hash)
      .where('ref_count', '<=', 0)
      .returning('hash')
      .executeTakeFirst();
    if (gone) await this.blobs.remove(hash);
    return true;
  }

  async page(count: number, skip: number): Promise<LocalFile[]> {
    return this.db
      .selectFrom('files')
      .select(['hash', 'name'])
      .orderBy('name')
      .orderBy('hash')
      .limit(count)
      .offset(skip)
      .execute();
  }
}
