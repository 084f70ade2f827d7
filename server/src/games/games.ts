// Games as admins manage them (§2.5): settings, the signing key made at creation, the poster, deletion.
import type { ArrayResponse, GameInfoInput, GameInfoModel } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import { encodeImage } from '../services/images.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { ChallengeService } from './challenges.ts';
import { hashSalt } from './dynamic-flag.ts';
import type { GameKeyPair, GameKeys } from './game-keys.ts';
import { type Game, GameStore, gameSettings, posterUrl, toGameInfo } from './game-store.ts';

export class GameService {
  private readonly games: GameStore;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly keys: GameKeys,
    private readonly files: FileStore,
    private readonly challenges: ChallengeService,
  ) {
    this.games = new GameStore(db);
  }

  /**
   * A new game starts hidden unless asked otherwise: players see it once the admin publishes it. A caller inside a
   * transaction passes its key pair made beforehand: sealing it may read a platform secret outside the transaction.
   */
  async create(input: GameInfoInput, keyPair?: GameKeyPair): Promise<GameInfoModel> {
    const { publicKey, privateKey } = keyPair ?? (await this.keys.generate());
    const settings = gameSettings({ ...input, hidden: input.hidden ?? true });
    const { id } = await this.db
      .insertInto('games')
      .values({ ...settings, public_key: publicKey, private_key: privateKey })
      .returning('id')
      .executeTakeFirstOrThrow();
    return toGameInfo(await this.get(id));
  }

  async page(count: number, skip: number): Promise<ArrayResponse<GameInfoModel>> {
    const data = (await this.games.page(count, skip)).map(toGameInfo);
    return { data, length: data.length, total: await this.games.count() };
  }

  async info(id: number): Promise<GameInfoModel> {
    return toGameInfo(await this.get(id));
  }

  /** Every setting is overwritten (not a patch); the key and poster stay. */
  async update(id: number, input: GameInfoInput): Promise<GameInfoModel> {
    const game = await this.get(id);
    const settings = gameSettings(input);
    const freezeAt = settings.freeze_at === undefined ? game.freeze_at : settings.freeze_at;
    if (freezeAt !== null && freezeAt >= settings.end_time)
      throw new DomainError(400, 'The scoreboard freeze must come before the end of the game');
    await this.db.updateTable('games').set(settings).where('id', '=', id).execute();
    return this.info(id);
  }

  /**
   * Challenges, divisions, participations and writeups go with the game (cascade); first its containers and
   * capture folders go, then the files it referenced (attachments, writeups, poster) are released.
   */
  async delete(id: number): Promise<void> {
    const game = await this.get(id);
    const writeups = await this.db
      .selectFrom('writeups')
      .select('file_hash')
      .where('game_id', '=', id)
      .execute();
    await this.challenges.releaseGame(id);
    await this.db.deleteFrom('games').where('id', '=', id).execute();
    for (const writeup of writeups) await this.files.release(writeup.file_hash);
    if (game.poster_hash) await this.files.release(game.poster_hash);
  }

  /** Re-encoded as WebP at its own size, which also drops anything else the file carried. */
  async setPoster(id: number, image: Buffer): Promise<string> {
    await this.get(id);
    const hash = await this.storePoster(image);
    try {
      return await this.usePoster(id, hash);
    } finally {
      await this.files.release(hash);
    }
  }

  /** Stores an image as a poster would be, holding a reference the caller releases; 400 if it is none. */
  async storePoster(image: Buffer): Promise<string> {
    const file = await this.files.put(await encodeImage(image), 'poster.webp', { reencoded: true });
    if (!file) throw new DomainError(400, 'The file is empty');
    return file.hash;
  }

  /** Makes a stored poster (storePoster) the game's, with a reference of its own; answers its URL. */
  async usePoster(id: number, hash: string): Promise<string> {
    const game = await this.get(id);
    await this.files.retain(hash);
    await this.db.updateTable('games').set({ poster_hash: hash }).where('id', '=', id).execute();
    if (game.poster_hash) await this.files.release(game.poster_hash);
    return posterUrl(hash) as string;
  }

  async hashSalt(id: number): Promise<string> {
    return hashSalt((await this.get(id)).private_key);
  }

  private async get(id: number): Promise<Game> {
    const game = await this.games.byId(id);
    if (!game) throw new DomainError(404, 'Game not found');
    return game;
  }
}
