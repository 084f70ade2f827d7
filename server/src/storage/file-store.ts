// Stored files (§4.18): blobs in a BlobStore, counted in the `files` table. Every owner of a file (an avatar, a logo,
// an admin upload) holds one reference; storing identical content again adds one, and the blob goes at zero. Each
// file's Content-Type is sniffed from its bytes when it is stored.
import { Readable } from 'node:stream';
import type { LocalFile } from '@pennon/sdk/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { BlobStore } from './blob-store.ts';
import { sniffHead, sniffing } from './sniff.ts';

export interface StoredFile extends LocalFile {
  size: number;
  uploadedAt: number;
  contentType: string;
  /** The platform made these bytes by re-encoding an image: the only files shown in the page, not saved. */
  reencoded: boolean;
}

export interface PutOptions {
  /** The content is an image the platform re-encoded (avatars, logos, posters). */
  reencoded?: boolean;
}

export class FileStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly blobs: BlobStore,
  ) {}

  /** The same store, its counts read and written through `db` (a transaction). */
  within(db: Kysely<Database>): FileStore {
    return new FileStore(db, this.blobs);
  }

  /** Stores the content under `name` and takes a reference to it; empty content is not stored (undefined). */
  async put(
    source: Readable | Buffer,
    name: string,
    { reencoded = false }: PutOptions = {},
  ): Promise<LocalFile | undefined> {
    const { content, contentType } = sniffing(Buffer.isBuffer(source) ? Readable.from([source]) : source);
    const staged = await this.blobs.stage(content);
    if (staged.size === 0) {
      await staged.discard();
      return undefined;
    }
    // The blob is in place before its row exists, so a row never names a missing blob.
    await staged.commit();
    const { hash, size } = staged;
    const type = await contentType();
    await this.db
      .insertInto('files')
      .values({
        hash,
        name,
        size,
        ref_count: 1,
        uploaded_at: Date.now(),
        content_type: type,
        reencoded: reencoded ? 1 : 0,
      })
      .onConflict((oc) =>
        // Identical bytes the platform once made are as safe whoever stores them again.
        oc.column('hash').doUpdateSet({
          name,
          ref_count: sql`files.ref_count + 1`,
          content_type: type,
          ...(reencoded && { reencoded: 1 }),
        }),
      )
      .execute();
    return { hash, name };
  }

  async get(hash: string): Promise<StoredFile | undefined> {
    const row = await this.db.selectFrom('files').selectAll().where('hash', '=', hash).executeTakeFirst();
    if (!row) return undefined;
    return {
      hash: row.hash,
      name: row.name,
      size: row.size,
      uploadedAt: row.uploaded_at,
      contentType: row.content_type ?? (await this.sniffStored(hash)),
      reencoded: row.reencoded === 1,
    };
  }

  /** Files stored before types were recorded are sniffed when first asked for, and their type kept. */
  private async sniffStored(hash: string): Promise<string> {
    const body = await this.blobs.open(hash);
    if (!body) return 'application/octet-stream';
    let contentType: string;
    try {
      contentType = await sniffHead(body);
    } finally {
      body.destroy();
    }
    await this.db.updateTable('files').set({ content_type: contentType }).where('hash', '=', hash).execute();
    return contentType;
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
