// Writeups (§2.2, §2.6, §4.12): a team uploads one PDF per game (a new upload replaces it) while the game requires
// writeups and until the writeup deadline, also after the game ended. Admins list them, download them all as a
// .tar.gz, or delete them all.
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { BasicWriteupInfoModel, WriteupInfoModel } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import { avatarUrl } from '../services/users.ts';
import type { FileStore } from '../storage/file-store.ts';
import { sniffBuffer } from '../storage/sniff.ts';
import { type TarEntry, tarStream } from '../storage/tar.ts';
import { type WebhookQueue, webhookEvent } from '../webhooks/queue.ts';
import { playContext } from './context.ts';
import { type Game, GameStore } from './game-store.ts';

export const writeupSizeLimit = 20 * 1024 * 1024;

const pad = (n: number) => String(n).padStart(2, '0');
/** `yyyyMMdd-HH.mm.ss` in UTC, the time stamp of writeup and archive names. */
export const utcStamp = (ms: number): string => {
  const d = new Date(ms);
  return (
    `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}-` +
    `${pad(d.getUTCHours())}.${pad(d.getUTCMinutes())}.${pad(d.getUTCSeconds())}`
  );
};

export interface WriteupUpload {
  data: Buffer;
  fileName: string;
  contentType: string;
}

export interface WriteupArchive {
  fileName: string;
  stream: Readable;
}

export class WriteupService {
  readonly #games: GameStore;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly files: FileStore,
    private readonly webhooks?: WebhookQueue,
    private readonly now: () => number = Date.now,
  ) {
    this.#games = new GameStore(db);
  }

  async #game(gameId: number): Promise<Game> {
    const game = await this.#games.byId(gameId);
    if (!game) throw new DomainError(404, 'Game not found');
    return game;
  }

  async info(userId: string, gameId: number): Promise<BasicWriteupInfoModel> {
    const { game, participation } = await playContext(this.db, gameId, userId, {
      denyAfterEnd: false,
      now: this.now(),
    });
    const row = await this.db
      .selectFrom('writeups')
      .selectAll()
      .where('participation_id', '=', participation.id)
      .executeTakeFirst();
    return {
      submitted: row !== undefined,
      name: row?.file_name ?? '#',
      fileSize: row?.size ?? 0,
      note: game.writeup_note,
    };
  }

  async submit(userId: string, gameId: number, upload: WriteupUpload): Promise<void> {
    const now = this.now();
    const { game, participation } = await playContext(this.db, gameId, userId, { denyAfterEnd: false, now });
    if (!game.writeup_required) throw new DomainError(400, 'This game does not take writeups');
    if (now > game.writeup_deadline) throw new DomainError(400, 'The writeup deadline has passed');
    // A name and a declared type are whatever the uploader wrote: the bytes must be a PDF as well.
    const isPdf =
      upload.contentType.split(';')[0]?.trim().toLowerCase() === 'application/pdf' &&
      upload.fileName.toLowerCase().endsWith('.pdf') &&
      (await sniffBuffer(upload.data)) === 'application/pdf';
    if (!isPdf) throw new DomainError(400, 'The writeup must be a PDF file');
    const name = `Writeup-${gameId}-${participation.team_id}-${utcStamp(now)}Z.pdf`;
    const stored = await this.files.put(upload.data, name);
    if (!stored) throw new DomainError(400, 'The file is empty');
    const previous = await this.db
      .selectFrom('writeups')
      .select('file_hash')
      .where('participation_id', '=', participation.id)
      .executeTakeFirst();
    const values = {
      game_id: gameId,
      file_hash: stored.hash,
      file_name: name,
      size: upload.data.length,
      uploaded_at: now,
    };
    await this.db
      .insertInto('writeups')
      .values({ participation_id: participation.id, ...values })
      .onConflict((oc) => oc.column('participation_id').doUpdateSet(values))
      .execute();
    if (previous) await this.files.release(previous.file_hash);
    if (!this.webhooks) return;
    const team = await this.db
      .selectFrom('teams')
      .select(['id', 'name'])
      .where('id', '=', participation.team_id)
      .executeTakeFirstOrThrow();
    await this.webhooks.emit(webhookEvent('writeup.submitted', gameId, { team }, now));
  }

  async list(gameId: number): Promise<WriteupInfoModel> {
    await this.#game(gameId);
    const divisions = await this.db
      .selectFrom('divisions')
      .select(['id', 'name'])
      .where('game_id', '=', gameId)
      .execute();
    const rows = await this.db
      .selectFrom('writeups')
      .innerJoin('participations', 'participations.id', 'writeups.participation_id')
      .innerJoin('teams', 'teams.id', 'participations.team_id')
      .select([
        'writeups.participation_id',
        'writeups.file_hash',
        'writeups.file_name',
        'writeups.uploaded_at',
        'participations.division_id',
        'teams.id as team_id',
        'teams.name as team_name',
        'teams.bio as team_bio',
        'teams.avatar_hash',
        'teams.locked',
      ])
      .where('writeups.game_id', '=', gameId)
      .orderBy('writeups.uploaded_at', 'desc')
      .orderBy('writeups.participation_id', 'desc')
      .execute();
    return {
      divisions: Object.fromEntries(divisions.map((d) => [String(d.id), d.name])),
      writeups: rows.map((row) => ({
        id: row.participation_id,
        team: {
          id: row.team_id,
          name: row.team_name,
          bio: row.team_bio,
          avatar: avatarUrl(row.avatar_hash),
          locked: row.locked !== 0,
        },
        url: `/assets/${row.file_hash}/${encodeURIComponent(row.file_name)}`,
        uploadTimeUtc: row.uploaded_at,
        divisionId: row.division_id,
      })),
    };
  }

  /** Every writeup as `{archive name}/{file name}` in a gzipped tar, streamed. */
  async archive(gameId: number): Promise<WriteupArchive> {
    const game = await this.#game(gameId);
    const basename = `Writeups-${game.title}-${utcStamp(this.now())}Z`.replace(/[/\\]/g, '_');
    const rows = await this.db
      .selectFrom('writeups')
      .select(['file_hash', 'file_name', 'size', 'uploaded_at'])
      .where('game_id', '=', gameId)
      .orderBy('uploaded_at', 'desc')
      .execute();
    const files = this.files;
    const entries: TarEntry[] = rows.map((row) => ({
      name: `${basename}/${row.file_name}`,
      size: row.size,
      mtime: row.uploaded_at,
      open: async () => (await files.open(row.file_hash)) ?? Readable.from([Buffer.alloc(row.size)]),
    }));
    return { fileName: `${basename}.tar.gz`, stream: tarStream(entries).pipe(createGzip()) };
  }

  async deleteAll(gameId: number): Promise<void> {
    await this.#game(gameId);
    const rows = await this.db
      .deleteFrom('writeups')
      .where('game_id', '=', gameId)
      .returning('file_hash')
      .execute();
    for (const row of rows) await this.files.release(row.file_hash);
  }
}
