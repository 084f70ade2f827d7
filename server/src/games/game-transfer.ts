// Game export and import (§2.5): a game, its divisions, challenges, flags and files packed as one .zip
// (game-export.ts, game-package.ts), and unpacked again as a new game, here, on another server of ours or on a
// GZ::CTF server.
// Containers, participations, submissions and notices stay behind: a package is the game as authored, not as played.

import type { AttachmentCreateModel } from '@pennon/sdk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Static, TSchema } from 'typebox';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import { firstProblem, problemTitle } from '../errors/schema-problem.ts';
import { Message, msg, type Text } from '../i18n/message.ts';
import type { FileStore } from '../storage/file-store.ts';
import { type EditServices, editServices } from './edit-services.ts';
import { exportGame } from './game-export.ts';
import type { GameKeyPair, GameKeys } from './game-keys.ts';
import {
  Manifest,
  namesToPermissions,
  type PackageAttachment,
  PackageChallenge,
  PackageGame,
  packBloodBonus,
} from './game-package.ts';
import { hintColumns } from './hints.ts';
import { notAPackage, PackageReader } from './package-reader.ts';

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
  /** The services on the pool, for export and the poster; an import's writes get their own on its transaction. */
  private readonly pooled: EditServices;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly files: FileStore,
    private readonly keys: GameKeys,
    private readonly now: () => number = Date.now,
  ) {
    this.pooled = editServices(db, keys, files);
  }

  /** The package of a game, and the name to download it as; 404 when the game does not exist. */
  export(gameId: number): Promise<{ fileName: string; body: Buffer }> {
    return exportGame(this.db, this.pooled, this.files, gameId, this.now());
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
        poster = await inEntry(entry, () => this.pooled.games.storePoster(image));
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
    const { games, challenges, divisions } = editServices(trx, this.keys, this.files.within(trx));
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
}
