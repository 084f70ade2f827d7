// A minimal tar writer (POSIX ustar, with a PAX `path` record for names that are long or not ASCII), enough for
// archives of stored files: regular files only. No tar library is a declared dependency (tar-stream is only there
// transitively, without types), and this is all the writeup archive needs.
import { Readable } from 'node:stream';

const block = 512;

const octal = (value: number, width: number): string => `${value.toString(8).padStart(width - 1, '0')}\0`;

const header = (name: string, size: number, mtimeSeconds: number, type: '0' | 'x'): Buffer => {
  const buf = Buffer.alloc(block);
  buf.write(name, 0, 100, 'utf8');
  buf.write(octal(0o644, 8), 100, 'ascii');
  buf.write(octal(0, 8), 108, 'ascii');
  buf.write(octal(0, 8), 116, 'ascii');
  buf.write(octal(size, 12), 124, 'ascii');
  buf.write(octal(Math.max(0, Math.floor(mtimeSeconds)), 12), 136, 'ascii');
  buf.write('        ', 148, 'ascii');
  buf.write(type, 156, 'ascii');
  buf.write('ustar\0', 257, 'ascii');
  buf.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of buf) sum += byte;
  buf.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return buf;
};

const padding = (size: number): Buffer => Buffer.alloc((block - (size % block)) % block);

/** One PAX extended-header record: `<length> <key>=<value>\n`, the length counting itself. */
const paxRecord = (key: string, value: string): Buffer => {
  const body = ` ${key}=${value}\n`;
  const bodyBytes = Buffer.byteLength(body);
  let length = bodyBytes + 1;
  while (String(length).length + bodyBytes !== length) length = String(length).length + bodyBytes;
  return Buffer.from(`${length}${body}`);
};

export interface TarEntry {
  /** Path inside the archive, `/`-separated. */
  name: string;
  size: number;
  mtime: number;
  /** The content; must yield exactly `size` bytes. */
  open(): Promise<Readable>;
}

/** Every block of an entry's header(s): a PAX header first when the name does not fit ustar. */
export const entryHeader = (name: string, size: number, mtimeMs: number): Buffer => {
  const mtime = mtimeMs / 1000;
  const plain = /^[\x20-\x7e]*$/.test(name) && Buffer.byteLength(name) <= 100;
  if (plain) return header(name, size, mtime, '0');
  const pax = paxRecord('path', name);
  const shortName = `PaxHeader/${name.replace(/[^\x20-\x7e]/g, '_')}`.slice(0, 99);
  return Buffer.concat([
    header(shortName, pax.length, mtime, 'x'),
    pax,
    padding(pax.length),
    header(name.replace(/[^\x20-\x7e]/g, '_').slice(-100), size, mtime, '0'),
  ]);
};

/** The archive as a stream: entries in order, then the two zero blocks that end it. */
export const tarStream = (entries: Iterable<TarEntry> | AsyncIterable<TarEntry>): Readable =>
  Readable.from(
    (async function* () {
      for await (const entry of entries) {
        yield entryHeader(entry.name, entry.size, entry.mtime);
        let written = 0;
        for await (const chunk of await entry.open()) {
          const bytes = chunk as Buffer;
          written += bytes.length;
          yield bytes;
        }
        if (written !== entry.size)
          throw new Error(`tar: ${entry.name} had ${written} bytes, not ${entry.size}`);
        yield padding(entry.size);
      }
      yield Buffer.alloc(block * 2);
    })(),
  );
