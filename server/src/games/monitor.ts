// What monitors read (§2.6, role ≥ Monitor): events, submissions and detected flag sharing, newest first.
import type {
  AnswerResult,
  CheatInfoModel,
  GameEvent,
  ParticipationModel,
  Submission,
} from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import { avatarUrl } from '../services/users.ts';
import { type Game, GameStore } from './game-store.ts';

export interface Page {
  count: number;
  skip: number;
}

export class MonitorService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The game, once it has started (monitoring a game that hasn't is a 400). */
  async started(gameId: number): Promise<Game> {
    const game = await new GameStore(this.db).byId(gameId);
    if (!game) throw new DomainError(404, 'Game not found');
    if (this.now() < game.start_time) throw new DomainError(400, 'The game has not started yet');
    return game;
  }

  async events(gameId: number, hideContainer: boolean, { count, skip }: Page): Promise<GameEvent[]> {
    await this.started(gameId);
    let query = this.db
      .selectFrom('game_events')
      .selectAll()
      .where('game_id', '=', gameId)
      .orderBy('id', 'desc')
      .limit(count)
      .offset(skip);
    if (hideContainer) query = query.where('type', 'not in', ['ContainerStart', 'ContainerDestroy']);
    return (await query.execute()).map((e) => ({
      type: e.type,
      values: JSON.parse(e.values) as string[],
      time: e.time,
      user: e.user_name,
      team: e.team_name,
    }));
  }

  /** count 0 = all of them. */
  async submissions(
    gameId: number,
    type: AnswerResult | undefined,
    { count, skip }: Page,
  ): Promise<Submission[]> {
    await this.started(gameId);
    let query = this.submissionRows(gameId).orderBy('s.id', 'desc').offset(skip);
    if (type) query = query.where('s.status', '=', type);
    query = count > 0 ? query.limit(count) : query.limit(Number.MAX_SAFE_INTEGER);
    return (await query.execute()).map(toSubmission);
  }

  async cheatInfo(gameId: number): Promise<CheatInfoModel[]> {
    await this.started(gameId);
    const rows = await this.db
      .selectFrom('cheat_infos')
      .select(['submission_id', 'submit_participation_id', 'owned_participation_id'])
      .where('game_id', '=', gameId)
      .orderBy('id')
      .execute();
    if (rows.length === 0) return [];
    const participations = new Map(
      (
        await this.db
          .selectFrom('participations as p')
          .innerJoin('teams as t', 't.id', 'p.team_id')
          .leftJoin('divisions as d', 'd.id', 'p.division_id')
          .select([
            'p.id',
            'p.status',
            'p.division_id',
            'd.name as division',
            't.id as team_id',
            't.name',
            't.avatar_hash',
          ])
          .where('p.game_id', '=', gameId)
          .execute()
      ).map((p): [number, ParticipationModel] => [
        p.id,
        {
          id: p.id,
          team: { id: p.team_id, name: p.name, avatar: avatarUrl(p.avatar_hash) },
          status: p.status,
          division: p.division,
          divisionId: p.division_id,
        },
      ]),
    );
    const submissions = new Map(
      (
        await this.submissionRows(gameId)
          .where(
            's.id',
            'in',
            rows.map((r) => r.submission_id),
          )
          .execute()
      ).map((s) => [s.id, toSubmission(s)]),
    );
    return rows.flatMap((r) => {
      const ownedTeam = participations.get(r.owned_participation_id);
      const submitTeam = participations.get(r.submit_participation_id);
      const submission = submissions.get(r.submission_id);
      return ownedTeam && submitTeam && submission ? [{ ownedTeam, submitTeam, submission }] : [];
    });
  }

  /** Submissions with the names the models show. */
  submissionRows(gameId: number) {
    return this.db
      .selectFrom('submissions as s')
      .innerJoin('challenges as c', 'c.id', 's.challenge_id')
      .innerJoin('participations as p', 'p.id', 's.participation_id')
      .innerJoin('teams as t', 't.id', 'p.team_id')
      .leftJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id', 's.answer', 's.status', 's.time', 'u.user_name', 't.name as team_name', 'c.title'])
      .where('s.game_id', '=', gameId);
  }
}

const toSubmission = (s: {
  id: number;
  answer: string;
  status: AnswerResult;
  time: number;
  user_name: string | null;
  team_name: string;
  title: string;
}): Submission => ({
  answer: s.answer,
  status: s.status,
  time: s.time,
  user: s.user_name ?? '',
  team: s.team_name,
  challenge: s.title,
  id: s.id,
});
