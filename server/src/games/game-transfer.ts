// Game export and import (§2.5): a game, its divisions, challenges, flags and files packed as one .zip
// (game-package.ts), and unpacked again as a new game, here, on another server of ours or on a GZ::CTF server.
// Containers, participations, submissions and notices stay behind: a package is the game as authored, not as played.

import type { AttachmentCreateModel } from '@pennon/sdk/contract';
import { zip } from 'fflate';
import type { Kysely, Transaction } from 'kysely';
import type { Static, TSchema } from 'typebox';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import { firstProblem, problemTitle } from '../errors/schema-problem.ts';
import { Message, msg, type Text } from '../i18n/message.ts';
import type { FileStore } from '../storage/file-store.ts';
import { version } from '../version.ts';
import { ChallengeService } from './challenges.ts';
import { DivisionService } from './divisions.ts';
import type { GameKeyPair, GameKeys } from './game-keys.ts';
import {
  Manifest,
  namesToPermissions,
  type PackageAttachment,
  PackageChallenge,
  PackageGame,
  packageFormat,
  packBloodBonus,
  permissionsToNames,
  unpackBloodBonus,
} from './game-package.ts';
import { GameService } from './games.ts';
import { hintColumns } from './hints.ts';
import { notAPackage, PackageReader } from './package-reader.ts';
import { utcStamp } from './writeups.ts';

/** The largest package an import reads (§2.5). */
export const packageLimit = 512 * 1024 * 1024;

/** An entry's JSON, held to its schema: the edit API's rules for every field it shares with it, the NUL rule too. */
const readJson = async <T extends TSchema>(files: PackageReader, name: string, schema: T) => {
  const bytes = await files.bytes(name);
  if (!bytes) throw notAPackage();
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new DomainError(400, msg`The package's ${name} is not valid`);
  }
  const problem = firstProblem(schema, value);
  if (problem) throw invalidEntry(name, problemTitle(problem, name));
  return value as Static<T>;
};

const invalidEntry = (name: string, why: Text) =>
  new DomainError(400, msg`The package's ${name} is not valid: ${why}`);

/** A refusal of the services while writing an entry, saying which entry it was. */
const inEntry = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof DomainError) || error.status !== 400) throw error;
    // A plain title is a message without values: wrapped, it is still translated.
    throw invalidEntry(name, typeof error.title === 'string' ? new Message(error.title) : error.title);
  }
};

/** A checked package, with the files it stored, as the transaction writes it. */
interface ImportPlan {
  packedGame: PackageGame;
  packed: PackageChallenge[];
  /** Package hash → stored hash. */
  held: Map<string, string>;
  /** The stored poster, re-encoded. */
  poster: string | undefined;
  keyPair: GameKeyPair;
}

/** The Local files a challenge uses, its own and its flags'. */
const localFiles = (c: PackageChallenge) =>
  [c.attachment, ...(c.flags?.static ?? []).map((f) => f.attachment)].filter(
    (a): a is Extract<PackageAttachment, { type: 'Local' }> => a?.type === 'Local',
  );

export class GameTransfer {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly files: FileStore,
    private readonly keys: GameKeys,
    private readonly now: () => number = Date.now,
  ) {}

  /** The package of a game, and the name to download it as; 404 when the game does not exist. */
  async export(gameId: number): Promise<{ fileName: string; body: Buffer }> {
    const services = this.services(this.db, this.files);
    const info = await services.games.info(gameId);
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
        .select([
          'attachments.type',
          'attachments.file_hash',
          'attachments.remote_url',
          'files.name',
          'files.size',
        ])
        .where('attachments.id', '=', id)
        .executeTakeFirst();
      if (row?.type === 'Remote' && row.remote_url) {
        // GZ::CTF asks a name of links too: the last part of the path.
        const fileName = row.remote_url.split(/[?#]/)[0]?.split('/').pop() || 'attachment';
        return { type: 'Remote', remoteUrl: row.remote_url, fileName };
      }
      if (row?.type !== 'Local' || !row.file_hash) return null;
      hashes.add(row.file_hash);
      return { type: 'Local', hash: row.file_hash, fileName: row.name ?? 'attachment', fileSize: row.size };
    };
    const iso = (ms: number) => new Date(ms).toISOString();

    const rows = await this.db
      .selectFrom('challenges')
      .select(['id', 'attachment_id'])
      .where('game_id', '=', gameId)
      .orderBy('id')
      .execute();
    const packed: PackageChallenge[] = [];
    for (const row of rows) {
      const c = await services.challenges.detail(gameId, row.id);
      const flags = await this.db
        .selectFrom('flags')
        .select(['flag', 'attachment_id'])
        .where('challenge_id', '=', c.id)
        .orderBy('id')
        .execute();
      const costedHints = await this.db
        .selectFrom('challenge_hints')
        .selectAll()
        .where('challenge_id', '=', c.id)
        .orderBy('id')
        .execute();
      const isContainer = c.type.endsWith('Container');
      packed.push({
        id: c.id,
        title: c.title,
        content: c.content,
        category: c.category,
        type: c.type,
        enabled: c.isEnabled,
        scoring: { original: c.originalScore, minRate: c.minScoreRate, difficulty: c.difficulty },
        limits: { submission: c.submissionLimit, deadline: c.deadlineUtc ? iso(c.deadlineUtc) : null },
        flags: {
          disableBloodBonus: c.disableBloodBonus,
          enableTrafficCapture: c.enableTrafficCapture,
          template: c.flagTemplate,
          static: await Promise.all(
            flags.map(async (f) => ({ value: f.flag, attachment: await attachmentOf(f.attachment_id) })),
          ),
        },
        attachment: await attachmentOf(row.attachment_id),
        hints: c.hints.length > 0 ? c.hints : null,
        ...(costedHints.length > 0 && {
          costedHints: costedHints.map((h) => ({
            title: h.title,
            content: h.content,
            costKind: h.cost_kind,
            cost: h.cost,
            releaseTime: h.release_time === null ? null : iso(h.release_time),
          })),
        }),
        ...(c.releaseAt != null && { releaseAt: iso(c.releaseAt) }),
        ...(c.prerequisites?.length && { prerequisites: c.prerequisites }),
        container: isContainer
          ? {
              image: c.containerImage ?? '',
              memoryLimit: c.memoryLimit ?? 64,
              cpuCount: c.cpuCount ?? 1,
              storageLimit: c.storageLimit ?? 256,
              exposePort: c.exposePort ?? 80,
              fileName: c.fileName,
              networkMode: c.networkMode,
            }
          : null,
        fileName: isContainer ? null : c.fileName,
      });
    }
    const divisions = await services.divisions.list(gameId);
    const packedGame: PackageGame = {
      title: info.title,
      summary: info.summary,
      content: info.content,
      hidden: info.hidden,
      practiceMode: info.practiceMode,
      acceptWithoutReview: info.acceptWithoutReview,
      inviteCode: info.inviteCode,
      teamMemberCountLimit: info.teamMemberCountLimit,
      containerCountLimit: info.containerCountLimit,
      startTime: iso(info.start),
      endTime: iso(info.end),
      writeup:
        info.writeupRequired || info.writeupDeadline !== 0
          ? {
              required: info.writeupRequired,
              deadline: iso(info.writeupDeadline),
              note: info.writeupNote || null,
            }
          : null,
      bloodBonus: unpackBloodBonus(info.bloodBonus),
      posterHash: game.poster_hash,
      divisions: divisions.map((d) => ({
        name: d.name,
        inviteCode: d.inviteCode,
        defaultPermissions: permissionsToNames(d.defaultPermissions),
        challengeConfig: d.challengeConfigs.map((config) => ({
          challengeId: config.challengeId,
          permissions: permissionsToNames(config.permissions),
        })),
      })),
    };

    const entries: Record<string, Uint8Array> = {};
    let totalFileSize = 0;
    for (const hash of hashes) {
      const stream = await this.files.open(hash);
      if (!stream) continue;
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      entries[`files/${hash}`] = Buffer.concat(chunks);
      totalFileSize += (entries[`files/${hash}`] as Uint8Array).length;
    }
    const manifest: Manifest = {
      ...packageFormat,
      exportedAt: iso(this.now()),
      exporterVersion: `Pennon ${version}`,
      game: { id: gameId, title: info.title },
      statistics: {
        challengeCount: packed.length,
        divisionCount: divisions.length,
        totalFlags: packed.reduce(
          (n, c) => n + (c.flags?.template ? 1 : 0) + (c.flags?.static?.length ?? 0),
          0,
        ),
        totalFiles: Object.keys(entries).length,
        totalFileSize,
      },
    };
    const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value, null, 2));
    entries['manifest.json'] = json(manifest);
    entries['game.json'] = json(packedGame);
    for (const c of packed) entries[`challenges/challenge-${c.id}.json`] = json(c);
    const body = await new Promise<Buffer>((resolve, reject) =>
      zip(entries, { level: 6 }, (error, bytes) => (error ? reject(error) : resolve(Buffer.from(bytes)))),
    );
    const fileName = `${info.title}-export-${utcStamp(this.now()).replaceAll('.', '')}.zip`;
    return { fileName: fileName.replace(/[/\\]/g, '_'), body };
  }

  /**
   * Makes the game packaged in `file` anew and answers its id; 400, leaving nothing behind, when the package won't do. Every
   * entry is checked first; then the files are stored, each held by the import until the end; then the game is
   * written in one transaction, so a failure anywhere leaves no game, and the files nothing references go.
   */
  async import(file: string): Promise<number> {
    const files = await PackageReader.open(file);
    try {
      return await this.importFrom(files);
    } finally {
      files.close();
    }
  }

  private async importFrom(files: PackageReader): Promise<number> {
    await readJson(files, 'manifest.json', Manifest);
    const packedGame = await readJson(files, 'game.json', PackageGame);
    const packed: PackageChallenge[] = [];
    for (const name of files.names().filter((name) => name.startsWith('challenges/')))
      packed.push(await readJson(files, name, PackageChallenge));
    packed.sort((a, b) => a.id - b.id);

    const lacks = (hash: string) => new DomainError(400, msg`The package lacks files/${hash}`);
    // Package hash → stored hash, and the poster's (stored re-encoded): each held until the end.
    const held = new Map<string, string>();
    let poster: string | undefined;
    try {
      if (packedGame.posterHash) {
        const entry = `files/${packedGame.posterHash}`;
        const image = await files.bytes(entry);
        if (!image) throw lacks(packedGame.posterHash);
        poster = await inEntry(entry, () => this.services(this.db, this.files).games.storePoster(image));
      }
      for (const { hash, fileName } of packed.flatMap(localFiles)) {
        if (held.has(hash)) continue;
        const content = await files.stream(`files/${hash}`);
        if (!content) throw lacks(hash);
        const file = await this.files.put(content, fileName);
        if (!file) throw new DomainError(400, msg`The package's ${`files/${hash}`} is not valid`);
        held.set(hash, file.hash);
      }
      // Made before the transaction: sealing the key may read a platform secret through the pool.
      const keyPair = await this.keys.generate();
      return await this.db
        .transaction()
        .execute((trx) => this.write(trx, { packedGame, packed, held, poster, keyPair }));
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw new DomainError(400, 'The game could not be imported');
    } finally {
      for (const hash of [...held.values(), ...(poster ? [poster] : [])]) await this.files.release(hash);
    }
  }

  /** The game of a checked package, through the services the edit API uses, on one transaction. */
  private async write(
    trx: Transaction<Database>,
    { packedGame, packed, held, poster, keyPair }: ImportPlan,
  ): Promise<number> {
    const { games, challenges, divisions } = this.services(trx, this.files.within(trx));
    const writeup = packedGame.writeup;
    const gameId = await inEntry('game.json', async () => {
      const { id } = await games.create(
        {
          title: packedGame.title,
          summary: packedGame.summary ?? '',
          content: packedGame.content ?? '',
          // Hidden like a new game, whatever the package says: a copy never goes public beside its original.
          hidden: true,
          practiceMode: packedGame.practiceMode ?? true,
          acceptWithoutReview: packedGame.acceptWithoutReview ?? false,
          inviteCode: packedGame.inviteCode ?? null,
          teamMemberCountLimit: packedGame.teamMemberCountLimit ?? 0,
          containerCountLimit: packedGame.containerCountLimit ?? 3,
          start: packedGame.startTime,
          end: packedGame.endTime,
          writeupRequired: writeup?.required ?? false,
          writeupDeadline: writeup?.deadline ?? 0,
          writeupNote: writeup?.note ?? '',
          bloodBonus: packBloodBonus(packedGame.bloodBonus),
        },
        keyPair,
      );
      if (poster) await games.usePoster(id, poster);
      return id;
    });
    const attachmentInput = (attachment: PackageAttachment | null | undefined): AttachmentCreateModel => {
      if (!attachment || attachment.type === 'None') return { attachmentType: 'None' };
      if (attachment.type === 'Remote') return { attachmentType: 'Remote', remoteUrl: attachment.remoteUrl };
      return { attachmentType: 'Local', fileHash: held.get(attachment.hash) as string };
    };
    const ids = new Map<number, number>();
    for (const c of packed) {
      await inEntry(`challenges/challenge-${c.id}.json`, async () => {
        const { id } = await challenges.create(gameId, {
          title: c.title,
          category: c.category,
          type: c.type,
        });
        ids.set(c.id, id);
        await challenges.update(gameId, id, {
          content: c.content ?? '',
          hints: c.hints ?? [],
          flagTemplate: c.flags?.template ?? null,
          disableBloodBonus: c.flags?.disableBloodBonus ?? false,
          enableTrafficCapture: c.flags?.enableTrafficCapture ?? false,
          submissionLimit: c.limits?.submission ?? 0,
          deadlineUtc: c.limits?.deadline ?? null,
          ...(c.scoring && {
            originalScore: c.scoring.original,
            minScoreRate: c.scoring.minRate,
            difficulty: c.scoring.difficulty,
          }),
          ...(c.container && {
            containerImage: c.container.image,
            memoryLimit: c.container.memoryLimit,
            cpuCount: c.container.cpuCount,
            storageLimit: c.container.storageLimit,
            exposePort: c.container.exposePort,
            networkMode: c.container.networkMode ?? null,
          }),
          fileName: c.container?.fileName ?? c.fileName ?? null,
        });
        if (c.attachment && c.attachment.type !== 'None')
          await challenges.setAttachment(gameId, id, attachmentInput(c.attachment));
        await challenges.addFlags(
          gameId,
          id,
          (c.flags?.static ?? []).map((f) => ({ flag: f.value, ...attachmentInput(f.attachment) })),
        );
        for (const hint of c.costedHints ?? []) {
          await trx
            .insertInto('challenge_hints')
            .values({ challenge_id: id, ...hintColumns(hint) })
            .execute();
        }
        if (c.enabled) await challenges.update(gameId, id, { isEnabled: true });
      });
    }
    // Once every challenge has its new id: prerequisites name them.
    for (const c of packed) {
      if (c.releaseAt == null && !c.prerequisites?.length) continue;
      await inEntry(`challenges/challenge-${c.id}.json`, async () => {
        // One the package lacks becomes 0, which the edit rules refuse as no challenge of the game.
        const prerequisites = (c.prerequisites ?? []).map((old) => ids.get(old) ?? 0);
        await challenges.update(gameId, ids.get(c.id) as number, {
          ...(c.releaseAt != null && { releaseAt: c.releaseAt }),
          ...(prerequisites.length > 0 && { prerequisites }),
        });
      });
    }
    await inEntry('game.json', async () => {
      for (const division of packedGame.divisions ?? []) {
        await divisions.create(gameId, {
          name: division.name,
          inviteCode: division.inviteCode ?? null,
          defaultPermissions: namesToPermissions(division.defaultPermissions),
          challengeConfigs: (division.challengeConfig ?? []).flatMap((config) => {
            const challengeId = ids.get(config.challengeId);
            return challengeId === undefined
              ? []
              : [{ challengeId, permissions: namesToPermissions(config.permissions) }];
          }),
        });
      }
    });
    return gameId;
  }

  /** The edit API's services over `db`: the pool, or an import's transaction with a file store on it. */
  private services(db: Kysely<Database>, files: FileStore) {
    const challenges = new ChallengeService(db, files);
    return {
      challenges,
      games: new GameService(db, this.keys, files, challenges),
      divisions: new DivisionService(db),
    };
  }
}
