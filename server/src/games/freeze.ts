// Scoreboard freeze (issue #44): from a game's `freeze_at` on, everyone but admins and monitors sees the board as it
// stood then (scoreboard.ts keeps both boards), no blood notice goes out, and a team sees its own later solves marked
// on its own view. After the end an admin reveals the final board, once.
import { type ChallengeItem, type Role, roleRank, type ScoreboardItem } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import type { Scoreboards } from './scoreboard.ts';
import type { Snapshot } from './scoreboard-snapshot.ts';

/** Admins and monitors see the live board of a frozen game. */
export const seesLiveBoard = (role: Role | undefined): boolean =>
  role !== undefined && roleRank(role) >= roleRank('Monitor');

/** When a game's blood notices stop: at its end, or at its freeze, after which they would tell of hidden solves. */
export const noticesEnd = (game: { end_time: number; freeze_at: number | null }): number =>
  game.freeze_at === null ? game.end_time : Math.min(game.freeze_at, game.end_time);

/**
 * Whether notices of bloods a verdict correction moved may go out at `now`: while the game's blood notices do, and
 * after its end once its board hides nothing (it had no freeze before the end, or the freeze was revealed).
 */
export const correctedBloodsTold = (
  game: { end_time: number; freeze_at: number | null; freeze_revealed_at: number | null },
  now: number,
): boolean =>
  now < noticesEnd(game) ||
  (now >= game.end_time &&
    (game.freeze_at === null || game.freeze_at >= game.end_time || game.freeze_revealed_at !== null));

/**
 * A team's own line on a frozen board: the public line (its rank and score as everyone sees them), with its own
 * solves since the freeze added, marked, at the public value and without a blood, which would tell who else solved.
 */
export const ownLine = (snapshot: Snapshot, teamId: number): ScoreboardItem | undefined => {
  const shown = snapshot.public.team(teamId);
  if (snapshot.frozenAt === undefined) return shown;
  const live = snapshot.team(teamId);
  if (!shown || !live) return shown;
  const frozenAt = snapshot.frozenAt;
  const later = live.solvedChallenges
    .filter((c) => c.time >= frozenAt)
    .map(
      (c): ChallengeItem => ({
        ...c,
        score: snapshot.public.challenges.get(c.id)?.score ?? 0,
        type: 'Normal',
        afterFreeze: true,
      }),
    );
  return later.length === 0 ? shown : { ...shown, solvedChallenges: [...shown.solvedChallenges, ...later] };
};

export class FreezeService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly scoreboards: Scoreboards,
    private readonly now: () => number = Date.now,
  ) {}

  /** Shows everyone the final board of a frozen game that has ended; answers when the freeze had begun. */
  async reveal(gameId: number): Promise<number> {
    const game = await this.db
      .selectFrom('games')
      .select(['end_time', 'freeze_at', 'freeze_revealed_at'])
      .where('id', '=', gameId)
      .executeTakeFirst();
    if (!game) throw new DomainError(404, 'Game not found');
    const now = this.now();
    if (game.freeze_at === null || game.freeze_revealed_at !== null || now < game.end_time)
      throw new DomainError(400, 'Only a frozen game that has ended can have its final board revealed');
    await this.db
      .updateTable('games')
      .set({ freeze_revealed_at: now })
      .where('id', '=', gameId)
      .where('freeze_revealed_at', 'is', null)
      .execute();
    await this.scoreboards.invalidate(gameId);
    return game.freeze_at;
  }
}
