// Blobs as files under `{root}/{h[0..2]}/{h[2..4]}/{h}` (§4.18). A blob is written to a temporary file and renamed
// into place, so a reader never sees a partial one; a rename onto identical content is harmless.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BlobStore, StagedBlob } from './blob-store.ts';

const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

export class LocalDiskBlobStore implements BlobStore {
  private readonly staging: string;

  constructor(private readonly root: string) {
    this.staging = path.join(root, '.staging');
  }

  pathOf(hash: string): string {
    return path.join(this.root, hash.slice(0, 2), hash.slice(2, 4), hash);
  }

  async stage(source: Readable): Promise<StagedBlob> {
    await mkdir(this.staging, { recursive: true });
    const temp = path.join(this.staging, randomBytes(12).toString('hex'));
    const digest = createHash('sha256');
    let size = 0;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        digest.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, hashing, createWriteStream(temp, { flags: 'wx' }));
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    const hash = digest.digest('hex');
    const target = this.pathOf(hash);
    return {
      hash,
      size,
      commit: async () => {
        await mkdir(path.dirname(target), { recursive: true });
        await rename(temp, target);
      },
      discard: () => rm(temp, { force: true }),
    };
  }

  async open(hash: string): Promise<Readable | undefined> {
    try {
      return (await open(this.pathOf(hash))).createReadStream();
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async remove(hash: string): Promise<void> {
    await rm(this.pathOf(hash), { force: true });
  }
}
