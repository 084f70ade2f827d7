// Game export and import (§2.5): a game, its divisions, challenges, flags and files packed as one .zip
// (game-package.ts), and unpacked again as a new game, on this server or another. Containers, participations,
// submissions and notices stay behind: a package is the game as authored, not as played.
import { type Unzipped, unzip, zip } from 'fflate';
import type { Kysely } from 'kysely';
import type { Static, TSchema } from 'typebox';
import Value from 'typebox/value';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/http-error.ts';
import { msg } from '../i18n/message.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { ChallengeService } from './challenges.ts';
import type { DivisionService } from './divisions.ts';
import {
  Manifest,
  type PackageAttachment,
  PackageChallenge,
  PackageGame,
  packageFormat,
} from './game-package.ts';
import type { GameService } from './games.ts';
import { utcStamp } from './writeups.ts';

/** The largest package an import reads (§2.5). */
export const packageLimit = 512 * 1024 * 1024;
/** A package's JSON files are small; a larger one is not a package of ours. */
const jsonLimit = 16 * 1024 * 1024;

const wanted = (name: string) =>
  name === 'manifest.json' ||
  name === 'game.json' ||
  /^challenges\/challenge-\d+\.json$/.test(name) ||
  /^files\/[0-9a-f]{64}$/.test(name);

const unpack = (bytes: Buffer): Promise<Unzipped> =>
  new Promise((resolve, reject) => {
    let declared = 0;
    unzip(
      bytes,
      {
        // Sizes as the archive declares them: anything else is skipped, and nothing inflates past the import cap.
        filter: (file) => {
          if (!wanted(file.name)) return false;
          if (file.name.endsWith('.json') && file.originalSize > jsonLimit) return false;
          declared += file.originalSize;
          return declared <= packageLimit;
        },
      },
      (error, files) => (error ? reject(error) : resolve(files)),
    );
  });

const notAPackage = () => new HttpError(400, 'The file is not a game package');

const readJson = <T extends TSchema>(files: Unzipped, name: string, schema: T) => {
  const bytes = files[name];
  if (!bytes) throw notAPackage();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    throw new HttpError(400, msg`The package's ${name} is not valid`);
  }
  if (!Value.Check(schema, value)) throw new HttpError(400, msg`The package's ${name} is not valid`);
  return value as Static<T>;
};

export class GameTransfer {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly files: FileStore,
    private readonly games: GameService,
    private readonly challenges: ChallengeService,
    private readonly divisions: DivisionService,
    private readonly now: () => number = Date.now,
  ) {}

  /** The package of a game, and the name to download it as; 404 when the game does not exist. */
  async export(gameId: number): Promise<{ fileName: string; body: Buffer }> {
    const info = await this.games.info(gameId);
    const game = await this.db
      .selectFrom('games')
      .select('poster_hash')
      .where('id', '=', gameId)
      .executeTakeFirstOrThrow();
    const hashes = new Set<string>(game.poster_hash ? [game.poster_hash] : []);
    const attachmentOf = async (id: number | null): Promise<PackageAttachment | null> => {
      if (id === null) return null;
      const row = await this.db
        .selectFrom('attachments')
        .leftJoin('files', 'files.hash', 'attachments.file_hash')
        .select(['attachments.type', 'attachments.file_hash', 'attachments.remote_url', 'files.name'])
        .where('attachments.id', '=', id)
        .executeTakeFirst();
      if (row?.type === 'Remote' && row.remote_url) return { type: 'Remote', url: row.remote_url };
      if (row?.type !== 'Local' || !row.file_hash) return null;
      hashes.add(row.file_hash);
      return { type: 'Local', hash: row.file_hash, name: row.name ?? 'attachment' };
    };

    const rows = await this.db
      .selectFrom('challenges')
      .select(['id', 'attachment_id'])
      .where('game_id', '=', gameId)
      .orderBy('id')
      .execute();
    const packed: PackageChallenge[] = [];
    for (const row of rows) {
      const { id, title, category, type, isEnabled, ...detail } = await this.challenges.detail(
        gameId,
        row.id,
      );
      const flags = await this.db
        .selectFrom('flags')
        .select(['flag', 'attachment_id'])
        .where('challenge_id', '=', id)
        .orderBy('id')
        .execute();
      packed.push({
        id,
        title,
        category,
        type,
        isEnabled,
        settings: {
          content: detail.content,
          flagTemplate: detail.flagTemplate,
          hints: detail.hints,
          fileName: detail.fileName,
          deadlineUtc: detail.deadlineUtc,
          submissionLimit: detail.submissionLimit,
          containerImage: detail.containerImage,
          memoryLimit: detail.memoryLimit,
          cpuCount: detail.cpuCount,
          storageLimit: detail.storageLimit,
          exposePort: detail.exposePort,
          networkMode: detail.networkMode,
          enableTrafficCapture: detail.enableTrafficCapture,
          disableBloodBonus: detail.disableBloodBonus,
          originalScore: detail.originalScore,
          minScoreRate: detail.minScoreRate,
          difficulty: detail.difficulty,
        },
        attachment: await attachmentOf(row.attachment_id),
        flags: await Promise.all(
          flags.map(async (f) => ({ flag: f.flag, attachment: await attachmentOf(f.attachment_id) })),
        ),
      });
    }
    const { id: _id, poster: _poster, publicKey: _key, ...settings } = info;
    const packedGame: PackageGame = {
      game: settings,
      poster: game.poster_hash,
      divisions: (await this.divisions.list(gameId)).map(({ id: _division, ...division }) => division),
    };
    const manifest: Manifest = {
      ...packageFormat,
      exportedAt: this.now(),
      stats: {
        challenges: packed.length,
        flags: packed.reduce((n, c) => n + c.flags.length, 0),
        files: hashes.size,
      },
    };

    const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value, null, 2));
    const entries: Record<string, Uint8Array> = {
      'manifest.json': json(manifest),
      'game.json': json(packedGame),
    };
    for (const c of packed) entries[`challenges/challenge-${c.id}.json`] = json(c);
    for (const hash of hashes) {
      const stream = await this.files.open(hash);
      if (!stream) continue;
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      entries[`files/${hash}`] = Buffer.concat(chunks);
    }
    const body = await new Promise<Buffer>((resolve, reject) =>
      zip(entries, { level: 6 }, (error, bytes) => (error ? reject(error) : resolve(Buffer.from(bytes)))),
    );
    const fileName = `${info.title}-export-${utcStamp(this.now()).replaceAll('.', '')}.zip`;
    return { fileName: fileName.replace(/[/\\]/g, '_'), body };
  }

  /** Makes the packaged game anew and answers its id; 400, leaving nothing behind, when the package won't do. */
  async import(bytes: Buffer): Promise<number> {
    let files: Unzipped;
    try {
      files = await unpack(bytes);
    } catch {
      throw notAPackage();
    }
    readJson(files, 'manifest.json', Manifest);
    const packedGame = readJson(files, 'game.json', PackageGame);
    const packed = Object.keys(files)
      .filter((name) => name.startsWith('challenges/'))
      .map((name) => readJson(files, name, PackageChallenge))
      .sort((a, b) => a.id - b.id);
    const stored = new Map<string, string>();
    const localHash = (attachment: PackageAttachment | null): string | undefined => {
      if (attachment?.type !== 'Local') return undefined;
      const hash = stored.get(attachment.hash);
      if (!hash) throw new HttpError(400, msg`The package lacks files/${attachment.hash}`);
      return hash;
    };
    const attachmentInput = (attachment: PackageAttachment | null) =>
      attachment === null
        ? { attachmentType: 'None' as const }
        : attachment.type === 'Remote'
          ? { attachmentType: 'Remote' as const, remoteUrl: attachment.url }
          : { attachmentType: 'Local' as const, fileHash: localHash(attachment) };

    // Each file is held by this import until the end; what the new game uses keeps a reference of its own.
    const names = new Map<string, string>();
    for (const c of packed) {
      for (const a of [c.attachment, ...c.flags.map((f) => f.attachment)])
        if (a?.type === 'Local' && !names.has(a.hash)) names.set(a.hash, a.name);
    }
    let gameId: number | undefined;
    try {
      // Only what the game uses; the poster is stored anew by setPoster.
      for (const [hash, name] of names) {
        const content = files[`files/${hash}`];
        const file = content && (await this.files.put(Buffer.from(content), name));
        if (file) stored.set(hash, file.hash);
      }
      gameId = (await this.games.create(packedGame.game)).id;
      if (packedGame.poster) {
        const poster = files[`files/${packedGame.poster}`];
        if (!poster) throw new HttpError(400, msg`The package lacks files/${packedGame.poster}`);
        await this.games.setPoster(gameId, Buffer.from(poster));
      }
      const ids = new Map<number, number>();
      for (const c of packed) {
        const { id } = await this.challenges.create(gameId, {
          title: c.title,
          category: c.category,
          type: c.type,
        });
        ids.set(c.id, id);
        await this.challenges.update(gameId, id, { ...c.settings, isEnabled: false });
        if (c.attachment) await this.challenges.setAttachment(gameId, id, attachmentInput(c.attachment));
        await this.challenges.addFlags(
          gameId,
          id,
          c.flags.map((f) => ({ flag: f.flag, ...attachmentInput(f.attachment) })),
        );
        if (c.isEnabled) await this.challenges.update(gameId, id, { isEnabled: true });
      }
      for (const division of packedGame.divisions) {
        await this.divisions.create(gameId, {
          ...division,
          challengeConfigs: division.challengeConfigs?.flatMap((config) => {
            const challengeId = ids.get(config.challengeId);
            return challengeId === undefined ? [] : [{ ...config, challengeId }];
          }),
        });
      }
      return gameId;
    } catch (error) {
      if (gameId !== undefined) await this.games.delete(gameId);
      if (error instanceof HttpError) throw error;
      throw new HttpError(400, 'The game could not be imported');
    } finally {
      for (const hash of stored.values()) await this.files.release(hash);
    }
  }
}
