// Where file contents live, addressed by their SHA-256. Local disk today; S3 can implement the same interface.
import type { Readable } from 'node:stream';

/** Content written but not yet visible under its hash: the caller keeps it or throws it away. */
export interface StagedBlob {
  hash: string;
  size: number;
  /** Makes the blob readable under its hash (a no-op when identical content is already stored). */
  commit(): Promise<void>;
  discard(): Promise<void>;
}

export interface BlobStore {
  /** Consumes the stream, hashing it as it is written. */
  stage(source: Readable): Promise<StagedBlob>;
  /** The blob's bytes, or undefined when it is missing. */
  open(hash: string): Promise<Readable | undefined>;
  /** Removes the blob; a missing one is not an error. */
  remove(hash: string): Promise<void>;
}
