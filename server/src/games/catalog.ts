// Games as visitors browse them (§2.6): the recent list, the paged list and one game with the caller's standing.
import type { ArrayResponse, BasicGameInfoModel, DetailedGameInfoModel } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import { inviteCodeFor } from './divisions.ts';
import { GameStore, posterUrl, toBasicGameInfo } from './game-store.ts';

const recentMax = 50;

export class GameCatalog {
  private readonly games: GameStore;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {
    this.games = new GameStore(db);
  }

  /** Ongoing games (nearest to their start or end first), then upcoming (soonest), then ended (latest). */
  async recent(limit: number): Promise<BasicGameInfoModel[]> {
    const now = this.now();
    const visible = this.db.selectFrom('games').selectAll().where('hidden', '=', 0).limit(recentMax);
    const [ongoing, upcoming, ended] = await Promise.all([
      visible.where('start_time', '<=', now).where('end_time', '>=', now).execute(),
      visible.where('start_time', '>', now).orderBy('start_time').orderBy('id').execute(),
      visible.where('end_time', '<', now).orderBy('end_time', 'desc').orderBy('id', 'desc').execute(),
    ]);
    const nearness = (game: (typeof ongoing)[number]) => Math.min(now - game.start_time, game.end_time - now);
    ongoing.sort((a, b) => nearness(a) - nearness(b) || a.id - b.id);
    return [...ongoing, ...upcoming, ...ended].slice(0, limit || recentMax).map(toBasicGameInfo);
  }

  async page(count: number, skip: number): Promise<ArrayResponse<BasicGameInfoModel>> {
    const data = (await this.games.visible(count, skip)).map(toBasicGameInfo);
    return { data, length: data.length, total: await this.games.count(true) };
  }

  /** Hidden games are answered too: they are only left out of the lists. */
  async get(id: number, userId: string | undefined): Promise<DetailedGameInfoModel> {
    const game = await this.games.byId(id);
    if (!game) throw new DomainError(404, 'Game not found');
    const divisions = await this.db
      .selectFrom('divisions')
      .select(['id', 'name', 'invite_code'])
      .where('game_id', '=', id)
      .orderBy('id')
      .execute();
    const { total } = await this.db
      .selectFrom('participations')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('game_id', '=', id)
      .executeTakeFirstOrThrow();
    const mine = userId
      ? await this.db
          .selectFrom('participation_members')
          .innerJoin('participations', 'participations.id', 'participation_members.participation_id')
          .innerJoin('teams', 'teams.id', 'participations.team_id')
          .select(['participations.status', 'participations.division_id', 'teams.name'])
          .where('participation_members.game_id', '=', id)
          .where('participation_members.user_id', '=', userId)
          .executeTakeFirst()
      : undefined;
    return {
      id: game.id,
      title: game.title,
      summary: game.summary,
      content: game.content,
      hidden: game.hidden === 1,
      divisions: divisions.map((d) => ({
        id: d.id,
        name: d.name,
        inviteCodeRequired: inviteCodeFor(game, d) !== null,
      })),
      inviteCodeRequired: !!game.invite_code,
      writeupRequired: game.writeup_required === 1,
      poster: posterUrl(game.poster_hash),
      limit: game.team_member_count_limit,
      teamCount: Number(total),
      division: mine?.division_id ?? null,
      teamName: mine?.name ?? null,
      practiceMode: game.practice_mode === 1,
      status: mine?.status ?? 'Unsubmitted',
      start: game.start_time,
      end: game.end_time,
    };
  }
}
