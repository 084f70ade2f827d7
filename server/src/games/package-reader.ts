// A game package as an import reads it (§2.5), from the file it was uploaded to (never held whole: up to 512 MiB):
// the .zip's central directory lists its entries, and each is inflated only when it is used, counted as it
// inflates. Past its own bound or the package's, reading stops with a 400, whatever sizes the archive declares: a
// 400 MiB entry of zeros is a few hundred kilobytes of zip, and the whole package was once inflated in memory
// (1.2 GiB for that entry).
import { type Readable, Transform } from 'node:stream';
import { promisify } from 'node:util';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { DomainError } from '../errors/domain-error.ts';
import { msg } from '../i18n/message.ts';

const MiB = 1024 * 1024;
/** The largest file a package may carry, inflated: an attachment is streamed to the file store, not held. */
export const entryLimit = 256 * MiB;
/** All of a package's entries together, inflated. */
export const unpackedLimit = 1024 * MiB;
/** An entry read into memory (its JSON, the poster): a larger one is not a package of ours. */
export const heldLimit = 16 * MiB;
/**
 * All entries read into memory together: an import holds every challenge's JSON before it writes any, and a few
 * hundred challenges take a few MiB, where 1 GiB of them would take several GiB once parsed.
 */
export const heldTotalLimit = 64 * MiB;

const wanted = (name: string) =>
  name === 'manifest.json' ||
  name === 'game.json' ||
  /^challenges\/challenge-\d+\.json$/.test(name) ||
  /^files\/[0-9a-fA-F]{64}$/.test(name);

export const notAPackage = () => new DomainError(400, 'The file is not a game package');
const invalidEntry = (name: string) => new DomainError(400, msg`The package's ${name} is not valid`);
const tooLarge = (name: string, limit: number) =>
  new DomainError(400, msg`The package's ${name} is larger than ${`${limit / MiB} MiB`}`);
const unpacksTooLarge = () =>
  new DomainError(400, msg`The package unpacks to more than ${`${unpackedLimit / MiB} MiB`}`);

const openZip = promisify<string, yauzl.Options, ZipFile>(yauzl.open);

/** The wanted entries of a zip by name, from its central directory (nothing is inflated). */
const listEntries = (zip: ZipFile) =>
  new Promise<Map<string, Entry>>((resolve, reject) => {
    const entries = new Map<string, Entry>();
    zip.on('entry', (entry: Entry) => {
      if (wanted(entry.fileName)) entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });

export class PackageReader {
  /** Bytes inflated so far, over every entry. */
  private unpacked = 0;
  /** Bytes handed out by `bytes`, over every entry. */
  private held = 0;

  private constructor(
    private readonly zip: ZipFile,
    private readonly entries: Map<string, Entry>,
  ) {}

  /**
   * The package in file `file`, read from disk as its entries are used (never held whole); `close` when done. 400
   * when it is not a zip, or its declared sizes already pass a bound.
   */
  static async open(file: string): Promise<PackageReader> {
    const zip = await openZip(file, { lazyEntries: true, validateEntrySizes: true, autoClose: false }).catch(
      () => {
        throw notAPackage();
      },
    );
    try {
      const entries = await listEntries(zip).catch(() => {
        throw notAPackage();
      });
      let declared = 0;
      for (const [name, entry] of entries) {
        if (entry.uncompressedSize > entryLimit) throw tooLarge(name, entryLimit);
        declared += entry.uncompressedSize;
      }
      if (declared > unpackedLimit) throw unpacksTooLarge();
      return new PackageReader(zip, entries);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  /** Lets the file go (its descriptor); streams still open end with an error. */
  close(): void {
    this.zip.close();
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  /** Entry `name` as it inflates, failing with a 400 past `limit` or the package's bound; undefined if missing. */
  async stream(name: string, limit = entryLimit): Promise<Readable | undefined> {
    const entry = this.entries.get(name);
    if (!entry) return undefined;
    if (entry.uncompressedSize > limit) throw tooLarge(name, limit);
    const inflating = await promisify<Entry, Readable>(this.zip.openReadStream.bind(this.zip))(entry);
    let read = 0;
    const counted = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        read += chunk.length;
        this.unpacked += chunk.length;
        if (read > limit) done(tooLarge(name, limit));
        else if (this.unpacked > unpackedLimit) done(unpacksTooLarge());
        else done(null, chunk);
      },
    });
    // A corrupt entry, or one inflating past the size it declares, fails the stream its reader holds as the
    // package's own fault, naming the entry (`pipeline` would hand the reader the inflater's raw error first).
    inflating.once('error', () => counted.destroy(invalidEntry(name)));
    counted.once('close', () => inflating.destroy());
    inflating.pipe(counted);
    return counted;
  }

  /** Entry `name` in memory (at most `heldLimit`, and `heldTotalLimit` with those before); undefined if missing. */
  async bytes(name: string): Promise<Buffer | undefined> {
    const stream = await this.stream(name, heldLimit);
    if (!stream) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    this.held += bytes.length;
    if (this.held > heldTotalLimit)
      throw new DomainError(
        400,
        msg`The package's JSON files and poster are larger than ${`${heldTotalLimit / MiB} MiB`} together`,
      );
    return bytes;
  }
}
