// A game's notices (§2.5, §2.6, §4.11): admins write Normal ones (published live through the feed) and may rewrite
// or delete only those; players read Normal ones first, then the system notices newest first, at most 300 in all.
import type { GameNotice } from '@pennon/sdk/contract';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, GameNoticesTable } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import { type WebhookQueue, webhookEvent } from '../webhooks/queue.ts';
import type { GameFeed } from './feed.ts';
import { GameStore } from './game-store.ts';

/** How far the public list reaches (GZ::CTF caches at most 300 notices). */
export const noticeWindow = 300;

const toNotice = (row: Selectable<GameNoticesTable>): GameNotice => ({
  id: row.id,
  type: row.type,
  values: JSON.parse(row.values) as string[],
  time: row.time,
});

export class NoticeService {
  readonly #games: GameStore;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly feed: GameFeed,
    private readonly webhooks?: WebhookQueue,
    private readonly now: () => number = Date.now,
  ) {
    this.#games = new GameStore(db);
  }

  async #game(gameId: number) {
    const game = await this.#games.byId(gameId);
    if (!game) throw new DomainError(404, 'Game not found');
    return game;
  }

  async #normal(gameId: number, noticeId: number) {
    await this.#game(gameId);
    const row = await this.db
      .selectFrom('game_notices')
      .selectAll()
      .where('id', '=', noticeId)
      .where('game_id', '=', gameId)
      .executeTakeFirst();
    if (!row) throw new DomainError(404, 'Notice not found');
    if (row.type !== 'Normal') throw new DomainError(400, 'System notices cannot be changed');
    return row;
  }

  async create(gameId: number, content: string): Promise<GameNotice> {
    await this.#game(gameId);
    const notice = await this.feed.addNotice(gameId, 'Normal', [content]);
    await this.webhooks?.emit(
      webhookEvent('notice.published', gameId, { notice: { id: notice.id, content } }, notice.time),
    );
    return notice;
  }

  async listNormal(gameId: number): Promise<GameNotice[]> {
    await this.#game(gameId);
    const rows = await this.db
      .selectFrom('game_notices')
      .selectAll()
      .where('game_id', '=', gameId)
      .where('type', '=', 'Normal')
      .orderBy('time', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toNotice);
  }

  /** Rewrites a Normal notice; its time becomes now. Not pushed again. */
  async update(gameId: number, noticeId: number, content: string): Promise<GameNotice> {
    await this.#normal(gameId, noticeId);
    const values = [content];
    const time = this.now();
    await this.db
      .updateTable('game_notices')
      .set({ values: JSON.stringify(values), time })
      .where('id', '=', noticeId)
      .execute();
    return { id: noticeId, type: 'Normal', values, time };
  }

  async delete(gameId: number, noticeId: number): Promise<void> {
    await this.#normal(gameId, noticeId);
    await this.db.deleteFrom('game_notices').where('id', '=', noticeId).execute();
  }

  /** The players' list: 404 unknown game, 400 before the start. */
  async list(gameId: number, count: number, skip: number): Promise<GameNotice[]> {
    const game = await this.#game(gameId);
    if (this.now() < game.start_time) throw new DomainError(400, 'The game has not started yet');
    const limit = Math.min(count, noticeWindow - skip);
    if (limit <= 0) return [];
    const rows = await this.db
      .selectFrom('game_notices')
      .selectAll()
      .where('game_id', '=', gameId)
      .orderBy(sql`case when type = 'Normal' then 0 else 1 end`)
      .orderBy('time', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(skip)
      .execute();
    return rows.map(toNotice);
  }
}
