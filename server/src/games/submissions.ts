// Flag submission (§4.7): the synchronous checks, storing the submission for the judge, and polling its verdict.
import { type AnswerResult, GamePermission } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import { prepare } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/http-error.ts';
import { batched, inChunks } from './batched.ts';
import { checkPlayContext } from './context.ts';
import type { DivisionService } from './divisions.ts';
import type { Judge } from './judge.ts';
import { may } from './permissions.ts';

const maxFlagLength = 127;

type NewSubmission = {
  game_id: number;
  participation_id: number;
  challenge_id: number;
  user_id: string;
  answer: string;
  time: number;
};

export class SubmissionService {
  /** Everything the checks need, in one query: the game, the caller's participation, the challenge, the instance. */
  readonly #context;
  /** Submissions arriving together are stored in one transaction. */
  readonly #store: (row: NewSubmission) => Promise<number>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly divisions: DivisionService,
    private readonly judge: Judge,
    private readonly now: () => number = Date.now,
  ) {
    this.#context = prepare(db, { game: 0, user: '', challenge: 0 }, (db, p) =>
      db
        .selectFrom('games as g')
        .leftJoin('participation_members as m', (join) =>
          join.onRef('m.game_id', '=', 'g.id').on('m.user_id', '=', p.user),
        )
        .leftJoin('participations as p', 'p.id', 'm.participation_id')
        .leftJoin('challenges as c', (join) =>
          join.on('c.id', '=', p.challenge).onRef('c.game_id', '=', 'g.id').on('c.is_enabled', '=', 1),
        )
        .leftJoin('game_instances as i', (join) =>
          join.onRef('i.participation_id', '=', 'p.id').onRef('i.challenge_id', '=', 'c.id'),
        )
        .select([
          'g.start_time',
          'g.end_time',
          'g.practice_mode',
          'p.id as participation_id',
          'p.status',
          'p.division_id',
          'c.id as challenge_id',
          'c.deadline_utc',
          'c.submission_limit',
          'i.id as instance_id',
        ])
        .where('g.id', '=', p.game),
    );
    // Multi-row inserts, in a few fixed sizes, in one transaction: one commit, and few round trips on PostgreSQL.
    this.#store = batched((rows: NewSubmission[]) =>
      this.db.transaction().execute(async (trx) => {
        const stored: Stored[] = [];
        for (const chunk of inChunks(rows)) {
          const values = chunk.map((row) => ({ ...row, status: 'FlagSubmitted' as const }));
          stored.push(
            ...(await trx
              .insertInto('submissions')
              .values(values)
              .returning(['id', ...submissionKey])
              .execute()),
          );
        }
        return idsInOrder(rows, stored);
      }),
    );
  }

  /** Stores the flag as FlagSubmitted and queues it; answers the id to poll. */
  async submit(userId: string, gameId: number, challengeId: number, flag: string): Promise<number> {
    if (flag.length === 0 || flag.length > maxFlagLength) throw new HttpError(400, 'Invalid flag');
    const now = this.now();
    const [found] = (await this.#context.run({ game: gameId, user: userId, challenge: challengeId })).rows;
    checkPlayContext(found, found?.status ? { status: found.status } : undefined, {
      denyAfterEnd: true,
      now,
    });
    // Past those checks the game and the participation exist; the challenge and its instance may not.
    const ctx = found as NonNullable<typeof found>;
    const { participation_id: participationId, challenge_id: id } = ctx;
    if (participationId === null || id === null || ctx.instance_id === null)
      throw new HttpError(404, 'Challenge not found');
    if (ctx.deadline_utc !== null && now > ctx.deadline_utc && ctx.practice_mode === 0)
      throw new HttpError(400, 'The challenge deadline has passed');
    const rules = await this.divisions.rules(ctx.division_id);
    if (!may(rules, id, GamePermission.ViewChallenge | GamePermission.SubmitFlags))
      throw new HttpError(400, 'You may not submit flags for this challenge');
    const limit = ctx.submission_limit ?? 0;
    if (limit > 0 && (await attemptsOf(this.db, participationId, id)) >= limit)
      throw new HttpError(400, 'The submission limit is reached');
    const submissionId = await this.#store({
      game_id: gameId,
      participation_id: participationId,
      challenge_id: id,
      user_id: userId,
      answer: flag,
      time: now,
    });
    this.judge.enqueue(submissionId);
    return submissionId;
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

/** What tells submissions apart: two with all of it equal are the same in every way but their ids. */
const submissionKey = ['participation_id', 'challenge_id', 'user_id', 'answer', 'time'] as const;
type Stored = { id: number } & Record<(typeof submissionKey)[number], unknown>;
const keyOf = (row: Omit<Stored, 'id'>) => JSON.stringify(submissionKey.map((k) => row[k]));

/** Each row's id: RETURNING promises no order, so ids go back by content (equal rows take any of theirs). */
const idsInOrder = (rows: NewSubmission[], stored: Stored[]): number[] => {
  const byKey = new Map<string, number[]>();
  for (const row of stored) {
    const ids = byKey.get(keyOf(row));
    if (ids) ids.push(row.id);
    else byKey.set(keyOf(row), [row.id]);
  }
  return rows.map((row) => byKey.get(keyOf(row))?.shift() as number);
};

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
