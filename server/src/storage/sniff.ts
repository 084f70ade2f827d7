// The Content-Type of stored content, from its bytes alone (§4.18): never from a name or a URL, which whoever
// uploads or links a file chooses. What the sniffer does not know (text, HTML, SVG) is octet-stream.
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer, fileTypeFromStream } from 'file-type';

const unknown = 'application/octet-stream';
/** As many leading bytes as the sniffer reads of a stream. */
const sampleSize = 4100;

export const sniffBuffer = async (bytes: Uint8Array): Promise<string> =>
  (await fileTypeFromBuffer(bytes))?.mime ?? unknown;

/** Reads what the type takes from the head of `source` (file-type reads web streams only); the caller closes it. */
export const sniffHead = async (source: Readable): Promise<string> =>
  (await fileTypeFromStream(Readable.toWeb(source)))?.mime ?? unknown;

/** `source` passed through unchanged, keeping its first bytes: `contentType()` sniffs them once they went by. */
export const sniffing = (source: Readable): { content: Readable; contentType(): Promise<string> } => {
  const head: Buffer[] = [];
  let headSize = 0;
  const content = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (headSize < sampleSize) {
        head.push(chunk);
        headSize += chunk.length;
      }
      done(null, chunk);
    },
  });
  // A failing source destroys `content` with its error, so whoever reads `content` sees it.
  pipeline(source, content).catch(() => {});
  return { content, contentType: () => sniffBuffer(Buffer.concat(head).subarray(0, sampleSize)) };
};
