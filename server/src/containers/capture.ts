// Traffic capture (§4.16): the proxy hands every chunk of a recorded container's connections to one recorder per
// container, which writes a gzip-compressed classic pcap: Ethernet (dummy MACs) / IPv6 / UDP per chunk, the client's
// real address (IPv4 mapped into IPv6) with a synthetic port per connection (10001–65000), the container's address
// and port on the other side, a timestamp per chunk. The first packet is JSON metadata from [::]:65535 to the
// client's port 10001. A recorder is archived 30 s after its last connection ends, when the container goes, or
// at shutdown; a recording without a single data chunk is discarded.
//   {dataDir}/capture/{challengeId}/{participationId}/{first 12 hex of the container GUID}-{connectionId}.pcap.gz
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { isIP } from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createGzip, type Gzip } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { tarStream } from '../storage/tar.ts';
import type { ContainerRecord } from './container-service.ts';

export const CAPTURE_IDLE_MS = 30_000;
const FIRST_PORT = 10001;
const LAST_PORT = 65000;
const META_PORT = 65535;
/** A UDP datagram holds at most 65527 bytes; larger chunks are split. */
const MAX_SEGMENT = 65000;
/** Best effort: chunks are dropped while this much waits to be compressed (GZ::CTF: a bounded queue). */
const MAX_PENDING = 16 * 1024 * 1024;
const MAC = Buffer.from([0x00, 0x11, 0x00, 0x11, 0x00, 0x11]);

/** Capture file names as written; anything else is refused (no path can be smuggled in). */
export const CAPTURE_FILE = /^[0-9a-f]{12}-[0-9A-Za-z]{1,64}\.pcap\.gz$/;

/** What the metadata packet says and where the file goes; resolved per container from the database. */
export interface CaptureMeta {
  challengeId: number;
  challenge: string;
  participationId: number;
  teamId: number;
  team: string;
  flag: string | null;
}

export interface CaptureTap {
  /** Bytes the player sent towards the container. */
  fromClient(chunk: Buffer): void;
  /** Bytes the container sent back. */
  fromServer(chunk: Buffer): void;
  close(): void;
}

// ---- Addresses ----

/** 16 bytes of an IPv6 address; IPv4 (and unknown) addresses are mapped (`::ffff:a.b.c.d`). */
export const ipv6Bytes = (address: string | undefined): Buffer => {
  const out = Buffer.alloc(16);
  const plain = (address ?? '').replace(/%.*$/, '');
  if (isIP(plain) === 4) {
    out[10] = 0xff;
    out[11] = 0xff;
    plain.split('.').forEach((part, i) => {
      out[12 + i] = Number(part);
    });
    return out;
  }
  if (isIP(plain) !== 6) return ipv6Bytes('0.0.0.0');
  let text = plain;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4?.[1]) {
    const b = v4[1].split('.').map(Number) as [number, number, number, number];
    text =
      text.slice(0, -v4[1].length) +
      `${((b[0] << 8) | b[1]).toString(16)}:${((b[2] << 8) | b[3]).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  groups.forEach((group, i) => {
    out.writeUInt16BE(Number.parseInt(group || '0', 16), i * 2);
  });
  return out;
};

// ---- pcap ----

export const pcapHeader = (): Buffer => {
  const header = Buffer.alloc(24);
  header.writeUInt32LE(0xa1b2c3d4, 0);
  header.writeUInt16LE(2, 4);
  header.writeUInt16LE(4, 6);
  header.writeInt32LE(0, 8);
  header.writeUInt32LE(0, 12);
  header.writeUInt32LE(262_144, 16);
  header.writeUInt32LE(1, 20); // LINKTYPE_ETHERNET
  return header;
};

const checksum = (parts: Buffer[]): number => {
  let sum = 0;
  for (const part of parts) {
    for (let i = 0; i + 1 < part.length; i += 2) sum += part.readUInt16BE(i);
    if (part.length % 2 === 1) sum += (part[part.length - 1] as number) << 8;
  }
  while (sum > 0xffff) sum = (sum & 0xffff) + (sum >>> 16);
  const result = ~sum & 0xffff;
  return result === 0 ? 0xffff : result;
};

/** One pcap record: Ethernet / IPv6 / UDP carrying `payload`, stamped `timeMs` (fractional ms allowed). */
export const pcapPacket = (
  src: Buffer,
  srcPort: number,
  dst: Buffer,
  dstPort: number,
  payload: Buffer,
  timeMs: number,
): Buffer => {
  const udpLength = 8 + payload.length;
  const record = Buffer.alloc(16 + 14 + 40 + 8);
  const seconds = Math.floor(timeMs / 1000);
  record.writeUInt32LE(seconds, 0);
  record.writeUInt32LE(Math.min(999_999, Math.floor((timeMs - seconds * 1000) * 1000)), 4);
  const frameLength = 14 + 40 + udpLength;
  record.writeUInt32LE(frameLength, 8);
  record.writeUInt32LE(frameLength, 12);
  MAC.copy(record, 16);
  MAC.copy(record, 22);
  record.writeUInt16BE(0x86dd, 28);
  const ip = 30;
  record.writeUInt32BE(0x6000_0000, ip);
  record.writeUInt16BE(udpLength, ip + 4);
  record[ip + 6] = 17; // UDP
  record[ip + 7] = 64;
  src.copy(record, ip + 8);
  dst.copy(record, ip + 24);
  const udp = ip + 40;
  record.writeUInt16BE(srcPort, udp);
  record.writeUInt16BE(dstPort, udp + 2);
  record.writeUInt16BE(udpLength, udp + 4);
  const pseudo = Buffer.alloc(40);
  src.copy(pseudo, 0);
  dst.copy(pseudo, 16);
  pseudo.writeUInt32BE(udpLength, 32);
  pseudo.writeUInt32BE(17, 36);
  record.writeUInt16BE(checksum([pseudo, record.subarray(udp, udp + 8), payload]), udp + 6);
  return Buffer.concat([record, payload]);
};

const connectionId = (): string => {
  // Like a Kestrel connection id: 13 characters of base32.
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUV';
  return [...randomBytes(13)].map((b) => alphabet[b & 31]).join('');
};

const now = (): number => performance.timeOrigin + performance.now();

class Recorder {
  private readonly gzip: Gzip;
  private readonly file: WriteStream;
  private readonly done: Promise<void>;
  private nextPort = FIRST_PORT;
  private active = 0;
  private chunks = 0;
  private idle: NodeJS.Timeout | undefined;
  private closed = false;
  readonly server: Buffer;

  constructor(
    readonly guid: string,
    private readonly finalPath: string,
    private readonly record: ContainerRecord,
    meta: CaptureMeta,
    firstClient: Buffer,
    private readonly idleMs: number,
    private readonly onIdle: () => void,
  ) {
    this.server = ipv6Bytes(record.ip);
    this.gzip = createGzip();
    this.file = createWriteStream(`${finalPath}.part`);
    this.done = new Promise((resolve, reject) => {
      this.file.once('close', resolve);
      this.file.once('error', reject);
      this.gzip.once('error', reject);
    });
    this.done.catch(() => undefined);
    this.gzip.pipe(this.file);
    this.gzip.write(pcapHeader());
    const json = JSON.stringify(
      {
        challenge: meta.challenge,
        challengeId: meta.challengeId,
        team: meta.team,
        teamId: meta.teamId,
        containerId: record.id,
        flag: meta.flag,
      },
      null,
      2,
    );
    this.gzip.write(
      pcapPacket(ipv6Bytes('::'), META_PORT, firstClient, FIRST_PORT, Buffer.from(json), now()),
    );
  }

  connect(client: Buffer): CaptureTap {
    clearTimeout(this.idle);
    this.active++;
    const port = this.nextPort;
    this.nextPort = this.nextPort >= LAST_PORT ? FIRST_PORT : this.nextPort + 1;
    let open = true;
    const write = (fromClient: boolean, chunk: Buffer) => {
      if (!open || this.closed || this.gzip.writableLength > MAX_PENDING) return;
      const time = now();
      for (let offset = 0; offset < chunk.length; offset += MAX_SEGMENT) {
        const piece = chunk.subarray(offset, offset + MAX_SEGMENT);
        this.gzip.write(
          fromClient
            ? pcapPacket(client, port, this.server, this.record.port, piece, time)
            : pcapPacket(this.server, this.record.port, client, port, piece, time),
        );
      }
      this.chunks++;
    };
    return {
      fromClient: (chunk) => write(true, chunk),
      fromServer: (chunk) => write(false, chunk),
      close: () => {
        if (!open) return;
        open = false;
        this.active--;
        if (this.active === 0 && !this.closed) {
          this.idle = setTimeout(this.onIdle, this.idleMs);
          this.idle.unref();
        }
      },
    };
  }

  /** Ends the file: kept under its name when it holds data, else removed. */
  async finish(): Promise<string | undefined> {
    if (this.closed) return undefined;
    this.closed = true;
    clearTimeout(this.idle);
    this.gzip.end();
    try {
      await this.done;
    } catch {
      await unlink(`${this.finalPath}.part`).catch(() => undefined);
      return undefined;
    }
    if (this.chunks === 0) {
      await unlink(`${this.finalPath}.part`).catch(() => undefined);
      return undefined;
    }
    await rename(`${this.finalPath}.part`, this.finalPath);
    return this.finalPath;
  }
}

export interface TrafficCaptureOptions {
  /** `{dataDir}/capture`. */
  root: string;
  /** Who the container's traffic belongs to; undefined: not recorded. */
  resolve(record: ContainerRecord): Promise<CaptureMeta | undefined>;
  idleMs?: number;
  log?: FastifyBaseLogger;
}

export class TrafficCapture {
  private readonly recorders = new Map<string, Promise<Recorder | undefined>>();
  private readonly pending = new Set<Promise<unknown>>();

  constructor(private readonly options: TrafficCaptureOptions) {}

  get root(): string {
    return this.options.root;
  }

  /** A tap for one proxied connection, or undefined when the container is not recorded. */
  async open(record: ContainerRecord, clientAddress: string | undefined): Promise<CaptureTap | undefined> {
    if (!record.traffic_capture || record.instance_id === null) return undefined;
    const client = ipv6Bytes(clientAddress);
    let recorder = this.recorders.get(record.id);
    if (!recorder) {
      recorder = this.create(record, client).catch((error: unknown) => {
        this.options.log?.warn({ err: error, container: record.id }, 'traffic capture could not start');
        this.recorders.delete(record.id);
        return undefined;
      });
      this.recorders.set(record.id, recorder);
    }
    return (await recorder)?.connect(client);
  }

  private async create(record: ContainerRecord, client: Buffer): Promise<Recorder | undefined> {
    const meta = await this.options.resolve(record);
    if (!meta) return undefined;
    const dir = path.join(this.options.root, String(meta.challengeId), String(meta.participationId));
    await mkdir(dir, { recursive: true });
    const name = `${record.id.replace(/-/g, '').slice(0, 12).toLowerCase()}-${connectionId()}.pcap.gz`;
    return new Recorder(
      record.id,
      path.join(dir, name),
      record,
      meta,
      client,
      this.options.idleMs ?? CAPTURE_IDLE_MS,
      () => void this.archive(record.id),
    );
  }

  /** Archives the container's recorder now (its container went, or it has been idle). */
  archive(guid: string): Promise<void> {
    const recorder = this.recorders.get(guid);
    if (!recorder) return Promise.resolve();
    this.recorders.delete(guid);
    const work = recorder
      .then((r) => r?.finish())
      .then(
        () => undefined,
        (error: unknown) =>
          this.options.log?.warn({ err: error, container: guid }, 'archiving a capture failed'),
      );
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
    return work;
  }

  /** Archives every recorder and waits for all archiving (shutdown, tests). */
  async flush(): Promise<void> {
    for (const guid of [...this.recorders.keys()]) void this.archive(guid);
    await Promise.all([...this.pending]);
  }

  // ---- The monitor's view (§2.6) ----

  private dir(...parts: number[]): string {
    return path.join(this.options.root, ...parts.map(String));
  }

  /** Participation folders of a challenge (ids). */
  async participations(challengeId: number): Promise<number[]> {
    const entries = await readdir(this.dir(challengeId), { withFileTypes: true }).catch(() => []);
    return entries
      .filter((e) => e.isDirectory() && /^\d+$/.test(e.name))
      .map((e) => Number(e.name))
      .sort((a, b) => a - b);
  }

  async files(
    challengeId: number,
    participationId: number,
  ): Promise<{ fileName: string; size: number; updateTime: number }[]> {
    const dir = this.dir(challengeId, participationId);
    const names = (await readdir(dir).catch(() => [])).filter((name) => CAPTURE_FILE.test(name)).sort();
    const records = [];
    for (const name of names) {
      const info = await stat(path.join(dir, name)).catch(() => undefined);
      if (info?.isFile())
        records.push({ fileName: name, size: info.size, updateTime: Math.floor(info.mtimeMs) });
    }
    return records;
  }

  /** The path of one capture file, or undefined for a name that is not one. */
  filePath(challengeId: number, participationId: number, fileName: string): string | undefined {
    if (!CAPTURE_FILE.test(fileName)) return undefined;
    return path.join(this.dir(challengeId, participationId), fileName);
  }

  async removeAll(challengeId: number, participationId: number): Promise<void> {
    await rm(this.dir(challengeId, participationId), { recursive: true, force: true });
  }

  /** Removes a deleted challenge's folder, once the archiving of its destroyed containers finished. */
  async removeChallenge(challengeId: number): Promise<void> {
    await Promise.all([...this.pending]);
    await rm(this.dir(challengeId), { recursive: true, force: true });
  }

  /** The participation's capture files as one .tar.gz stream (flat); undefined when there are none. */
  async tarball(challengeId: number, participationId: number): Promise<Readable | undefined> {
    const files = await this.files(challengeId, participationId);
    if (files.length === 0) return undefined;
    const dir = this.dir(challengeId, participationId);
    const tar = tarStream(
      files.map((file) => ({
        name: file.fileName,
        size: file.size,
        mtime: file.updateTime,
        open: async () => createReadStream(path.join(dir, file.fileName)),
      })),
    );
    const gzip = createGzip();
    // A file deleted meanwhile ends the download with an error instead of leaving it hanging.
    tar.once('error', (error) => gzip.destroy(error));
    return tar.pipe(gzip);
  }
}
