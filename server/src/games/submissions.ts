// Flag submission (§4.7): the synchronous checks, storing the submission for the judge, and polling its verdict.
import { type AnswerResult, GamePermission } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/http-error.ts';
import { playContext } from './context.ts';
import type { DivisionService } from './divisions.ts';
import type { Judge } from './judge.ts';
import { may } from './permissions.ts';

const maxFlagLength = 127;

export class SubmissionService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly divisions: DivisionService,
    private readonly judge: Judge,
    private readonly now: () => number = Date.now,
  ) {}

  /** Stores the flag as FlagSubmitted and queues it; answers the id to poll. */
  async submit(userId: string, gameId: number, challengeId: number, flag: string): Promise<number> {
    if (flag.length === 0 || flag.length > maxFlagLength) throw new HttpError(400, 'Invalid flag');
    const now = this.now();
    const { game, participation } = await playContext(this.db, gameId, userId, { denyAfterEnd: true, now });
    const c = await this.db
      .selectFrom('challenges')
      .select(['id', 'deadline_utc', 'submission_limit'])
      .where('id', '=', challengeId)
      .where('game_id', '=', gameId)
      .where('is_enabled', '=', 1)
      .executeTakeFirst();
    const instance =
      c &&
      (await this.db
        .selectFrom('game_instances')
        .select('id')
        .where('participation_id', '=', participation.id)
        .where('challenge_id', '=', c.id)
        .executeTakeFirst());
    if (!c || !instance) throw new HttpError(404, 'Challenge not found');
    if (c.deadline_utc !== null && now > c.deadline_utc && game.practice_mode === 0)
      throw new HttpError(400, 'The challenge deadline has passed');
    const rules = await this.divisions.rules(participation.division_id);
    if (!may(rules, c.id, GamePermission.ViewChallenge | GamePermission.SubmitFlags))
      throw new HttpError(400, 'You may not submit flags for this challenge');
    if (c.submission_limit > 0 && (await attemptsOf(this.db, participation.id, c.id)) >= c.submission_limit)
      throw new HttpError(400, 'The submission limit is reached');
    const { id } = await this.db
      .insertInto('submissions')
      .values({
        game_id: gameId,
        participation_id: participation.id,
        challenge_id: c.id,
        user_id: userId,
        answer: flag,
        status: 'FlagSubmitted',
        time: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    this.judge.enqueue(id, c.id);
    return id;
  }

  /** The verdict on one of the caller's own submissions; flag sharing is not revealed to the sharer. */
  async status(userId: string, gameId: number, challengeId: number, submitId: number): Promise<AnswerResult> {
    const row = await this.db
      .selectFrom('submissions')
      .select('status')
      .where('id', '=', submitId)
      .where('game_id', '=', gameId)
      .where('challenge_id', '=', challengeId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, 'Submission not found');
    return row.status === 'CheatDetected' ? 'WrongAnswer' : row.status;
  }
}

/** Every submission of the team for the challenge, whatever its result (the limit counts them all). */
export const attemptsOf = async (
  db: Kysely<Database>,
  participationId: number,
  challengeId: number,
): Promise<number> => {
  const row = await db
    .selectFrom('submissions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('participation_id', '=', participationId)
    .where('challenge_id', '=', challengeId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};
