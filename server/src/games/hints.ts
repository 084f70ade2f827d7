// Hints with a cost (issue #44): the rules of a challenge's titled hints in one place. A hint is free or costs points
// or a percentage of the challenge's value when unlocked; players see it from its release time on, and its content
// only once their team unlocked it (free ones: at once). An unlock is the score adjustment charging the team, so the
// scoring counts it like an award or a penalty (scoring.ts), in totals and timelines; the unique index on
// (hint_id, participation_id) makes two teammates clicking at once pay once.
import type { HintEditModel, HintInput, HintModel } from '@pennon/sdk/contract';
import type { Kysely, Selectable } from 'kysely';
import type { ChallengeHintsTable } from '../db/game-tables.ts';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import type { Challenge } from './challenges.ts';
import { playContext, visibleChallenge } from './context.ts';
import type { DivisionService } from './divisions.ts';
import type { GameFeed } from './feed.ts';
import { toMillis } from './game-store.ts';
import { announceHints } from './release.ts';
import type { Scoreboards } from './scoreboard.ts';

type HintRow = Selectable<ChallengeHintsTable>;

/** Points a hint costs now: a percentage of the challenge's current value is rounded, and at least 1 when not 0. */
export const hintCost = (hint: Pick<HintRow, 'cost_kind' | 'cost'>, value: number): number => {
  if (hint.cost_kind === 'Points' || hint.cost === 0) return hint.cost;
  return Math.max(1, Math.round((value * hint.cost) / 100));
};

const released = (hint: Pick<HintRow, 'release_time'>, now: number): boolean =>
  hint.release_time === null || hint.release_time <= now;

/**
 * The released titled hints of a challenge as a team sees them, oldest first: a locked one without its content.
 * `value` is the challenge's current value (what a percentage is of).
 */
export const teamHints = async (
  db: Kysely<Database>,
  challengeId: number,
  participationId: number,
  value: number,
  now: number,
): Promise<HintModel[]> => {
  const rows = await db
    .selectFrom('challenge_hints as h')
    .leftJoin('score_adjustments as a', (join) =>
      join.onRef('a.hint_id', '=', 'h.id').on('a.participation_id', '=', participationId),
    )
    .select(['h.id', 'h.title', 'h.content', 'h.cost_kind', 'h.cost', 'h.release_time', 'a.points as paid'])
    .where('h.challenge_id', '=', challengeId)
    .where((eb) => eb.or([eb('h.release_time', 'is', null), eb('h.release_time', '<=', now)]))
    .orderBy('h.id')
    .execute();
  return rows.map((h) => {
    const unlocked = h.paid !== null || h.cost === 0;
    return {
      id: h.id,
      title: h.title,
      // What the team paid once unlocked; what it would pay now otherwise.
      cost: h.paid !== null ? -h.paid : hintCost(h, value),
      unlocked,
      content: unlocked ? h.content : null,
    };
  });
};

export interface Unlock {
  hint: HintModel;
  /** Points charged by this request; undefined when it charged nothing (free, or already unlocked). */
  charged?: number;
  teamName: string;
  challengeTitle: string;
}

export class HintService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly divisions: DivisionService,
    private readonly scoreboards: Scoreboards,
    private readonly feed: GameFeed,
    private readonly now: () => number = Date.now,
  ) {}

  // ---- Admins ----

  async list(gameId: number, challengeId: number): Promise<HintEditModel[]> {
    await this.#challenge(gameId, challengeId);
    const rows = await this.#rows().where('h.challenge_id', '=', challengeId).execute();
    return rows.map(toEditModel);
  }

  async create(gameId: number, challengeId: number, input: HintInput): Promise<HintEditModel> {
    await this.#challenge(gameId, challengeId);
    const columns = hintColumns(input, this.now());
    const row = await this.db
      .insertInto('challenge_hints')
      // Owed its notice until told: one released at once is told (or not) just below.
      .values({ challenge_id: challengeId, ...columns, release_announced: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (columns.release_announced === 1) await this.#released(row.id);
    return this.#existing(gameId, challengeId, row.id);
  }

  /** What teams already paid for it stays as it was. */
  async update(
    gameId: number,
    challengeId: number,
    hintId: number,
    input: HintInput,
  ): Promise<HintEditModel> {
    const before = await this.#existing(gameId, challengeId, hintId);
    const { release_announced, ...columns } = hintColumns(input, this.now());
    // A release brought forward to now keeps what it owed (the announcer may have told it meanwhile) and is told now.
    const forward = upcoming(before.releaseTime, this.now()) && release_announced === 1;
    await this.db
      .updateTable('challenge_hints')
      .set(forward ? columns : { ...columns, release_announced })
      .where('id', '=', hintId)
      .execute();
    if (forward) await this.#released(hintId);
    return this.#existing(gameId, challengeId, hintId);
  }

  /** Deleting a hint deletes the charges of the teams that unlocked it (they get their points back). */
  async delete(gameId: number, challengeId: number, hintId: number): Promise<HintEditModel> {
    const hint = await this.#existing(gameId, challengeId, hintId);
    await this.db.deleteFrom('challenge_hints').where('id', '=', hintId).execute();
    if (hint.unlockCount > 0) await this.scoreboards.invalidate(gameId);
    return hint;
  }

  // ---- Players ----

  /** Unlocks a released hint for the caller's team, charging it once, however many teammates ask at once. */
  async unlock(userId: string, gameId: number, challengeId: number, hintId: number): Promise<Unlock> {
    const now = this.now();
    const { participation } = await playContext(this.db, gameId, userId, { denyAfterEnd: true, now });
    const challenge = await visibleChallenge(this.db, this.divisions, gameId, participation, challengeId);
    const hint = await this.db
      .selectFrom('challenge_hints')
      .selectAll()
      .where('id', '=', hintId)
      .where('challenge_id', '=', challengeId)
      .executeTakeFirst();
    if (!hint || !released(hint, now)) throw new DomainError(404, 'Hint not found');
    const value =
      (await this.scoreboards.get(gameId))?.public.challenges.get(challengeId)?.score ??
      challenge.original_score;
    const cost = hintCost(hint, value);
    const team = await this.db
      .selectFrom('teams')
      .select('name')
      .where('id', '=', participation.team_id)
      .executeTakeFirstOrThrow();
    let charged: number | undefined;
    if (cost > 0) {
      const inserted = await this.db
        .insertInto('score_adjustments')
        .values({
          game_id: gameId,
          participation_id: participation.id,
          points: -cost,
          reason: hint.title,
          time: now,
          admin_id: null,
          hint_id: hint.id,
        })
        .onConflict((oc) => oc.columns(['hint_id', 'participation_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) {
        charged = cost;
        await this.scoreboards.invalidate(gameId);
        const user = await this.db
          .selectFrom('users')
          .select('user_name')
          .where('id', '=', userId)
          .executeTakeFirst();
        await this.feed.addEvent(gameId, {
          type: 'HintUnlock',
          values: [String(challenge.id), challenge.title, String(cost), hint.title],
          teamName: team.name,
          ...(user && { userName: user.user_name }),
        });
      }
    }
    const [unlocked] = (await teamHints(this.db, challengeId, participation.id, value, now)).filter(
      (h) => h.id === hintId,
    );
    return {
      hint: unlocked as HintModel,
      ...(charged !== undefined && { charged }),
      teamName: team.name,
      challengeTitle: challenge.title,
    };
  }

  // ---- Helpers ----

  async #challenge(gameId: number, challengeId: number): Promise<Challenge> {
    const challenge = await this.db
      .selectFrom('challenges')
      .selectAll()
      .where('id', '=', challengeId)
      .where('game_id', '=', gameId)
      .executeTakeFirst();
    if (!challenge) throw new DomainError(404, 'Challenge not found');
    return challenge;
  }

  async #existing(gameId: number, challengeId: number, hintId: number): Promise<HintEditModel> {
    await this.#challenge(gameId, challengeId);
    const row = await this.#rows()
      .where('h.challenge_id', '=', challengeId)
      .where('h.id', '=', hintId)
      .executeTakeFirst();
    if (!row) throw new DomainError(404, 'Hint not found');
    return toEditModel(row);
  }

  /**
   * A hint this write released: players of a running game hear of it now (as of a changed free-hint list, §4.11),
   * or never, the game not running or the challenge not open to them (its own opening tells them).
   */
  async #released(hintId: number): Promise<void> {
    if ((await announceHints(this.db, this.feed, this.now(), hintId)).length === 0)
      await this.db
        .updateTable('challenge_hints')
        .set({ release_announced: 1 })
        .where('id', '=', hintId)
        .execute();
  }

  #rows() {
    return this.db
      .selectFrom('challenge_hints as h')
      .select((eb) => [
        'h.id',
        'h.title',
        'h.content',
        'h.cost_kind',
        'h.cost',
        'h.release_time',
        eb
          .selectFrom('score_adjustments as a')
          .select((sub) => sub.fn.countAll<number | string>().as('n'))
          .whereRef('a.hint_id', '=', 'h.id')
          .as('unlocks'),
      ])
      .orderBy('h.id');
  }
}

/** Whether a release time is still to come. */
const upcoming = (time: number | null, now: number): boolean => time !== null && time > now;

/**
 * The columns of a hint as an admin or a game package writes it; a percentage over 100 is refused. Only a release
 * still to come is owed a NewHint notice (games/release.ts `announceHints`).
 */
export const hintColumns = (input: HintInput, now = Date.now()) => {
  if (input.costKind === 'Percent' && input.cost > 100) {
    throw new DomainError(400, 'A percentage cost is at most 100');
  }
  const releaseTime =
    input.releaseTime === undefined || input.releaseTime === null ? null : toMillis(input.releaseTime);
  return {
    title: input.title.trim(),
    content: input.content,
    cost_kind: input.costKind,
    cost: input.cost,
    release_time: releaseTime,
    release_announced: upcoming(releaseTime, now) ? 0 : 1,
  };
};

const toEditModel = (row: {
  id: number;
  title: string;
  content: string;
  cost_kind: 'Points' | 'Percent';
  cost: number;
  release_time: number | null;
  unlocks: number | string | null;
}): HintEditModel => ({
  id: row.id,
  title: row.title,
  content: row.content,
  costKind: row.cost_kind,
  cost: row.cost,
  releaseTime: row.release_time,
  unlockCount: Number(row.unlocks ?? 0),
});
