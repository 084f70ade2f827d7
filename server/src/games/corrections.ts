// Verdict corrections (issue #44): an admin turns an accepted submission wrong or a wrong one accepted, or removes a
// team's solves for cheating. The rules live here. Each change rewrites what the judge wrote: the team's first solve
// of the challenge (its earliest accepted submission) and the challenge's stored bloods, then bumps the scoreboard's
// version in the same transaction, so dynamic values, blood bonuses, totals and the timeline recompute on every
// process and the live push fires. The recent verdicts every process keeps for status polls take the new verdict.
// Who is told what (sdk rules/verdict-notices.ts): every team, of a blood that moved, by the usual blood notice for
// its new holder, marked, unless that would tell of a frozen solve (none during the freeze, nor after the end until
// the reveal: freeze.ts); the team corrected, by a push to its members alone, which their client words in their
// language, and a notice kept for the team (team-notices.ts) for members who were not online.
import {
  type AnswerResult,
  correctedBloodMarker,
  GamePermission,
  type NoticeType,
  type TeamNotice,
  type TeamSolvesModel,
  type VerdictCorrectionInput,
  type VerdictCorrectionModel,
} from '@pennon/sdk/contract';
import { type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import type { LiveBus, LiveMessage, Verdict } from '../live/bus.ts';
import type { GameFeed } from './feed.ts';
import { correctedBloodsTold } from './freeze.ts';
import { verdictMessages } from './recent-verdicts.ts';
import type { Scoreboards } from './scoreboard.ts';
import { keepTeamNotice, teamNoticesOf, type UnkeptTeamNotice } from './team-notices.ts';
import { bloodNotices } from './verdict-records.ts';

/** A submission as a correction reads it. */
interface Target {
  id: number;
  game_id: number;
  participation_id: number;
  challenge_id: number;
  user_id: string | null;
  status: AnswerResult;
  team_name: string;
  title: string;
}

/** A blood that went to a new holder: its notice type, the team holding it now, the challenge. */
interface MovedBlood {
  type: NoticeType;
  team: string;
  challenge: string;
}

/** What a committed change leaves to publish, and what the audit log says of it. */
interface Changed {
  messages: LiveMessage[];
  verdicts: Verdict[];
}

/** A solve as the blood order reads it. */
interface BloodRow {
  submission_id: number;
  time: number;
  blood: number | null;
  eligible: number;
  team_name: string;
  title: string;
}

const before = (a: BloodRow, b: BloodRow) => a.time - b.time || a.submission_id - b.submission_id;

export class CorrectionService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly feed: GameFeed,
    private readonly bus: LiveBus,
    private readonly scoreboards: Scoreboards,
  ) {}

  /** Sets a judged submission's verdict; a repeat of the verdict it has changes nothing. */
  async correct(
    gameId: number,
    submissionId: number,
    { status, reason }: VerdictCorrectionInput,
  ): Promise<VerdictCorrectionModel & { from: AnswerResult; team: string; challenge: string }> {
    const found = await this.#target(gameId, submissionId);
    if (!found) throw new DomainError(404, 'Submission not found');
    if (found.status === 'FlagSubmitted') throw new DomainError(400, 'That submission is not judged yet');
    const outcome = await this.db.transaction().execute(async (trx) => {
      await lockSolves(trx);
      // Read again under the lock: another correction may have committed meanwhile.
      const s = (await this.#target(gameId, submissionId, trx)) as Target;
      if (s.status === status) return { from: s.status, changed: undefined };
      await trx.updateTable('submissions').set({ status }).where('id', '=', s.id).execute();
      const placed = await this.#resolveSolve(trx, s.participation_id, s.challenge_id);
      const moved = await this.#rebalance(trx, s.challenge_id, placed);
      await this.scoreboards.invalidate(gameId, trx);
      const told: UnkeptTeamNotice = {
        type: 'VerdictCorrected',
        submissionId: s.id,
        challengeId: s.challenge_id,
        challenge: s.title,
        status,
        reason: reason.trim(),
        time: this.feed.now(),
      };
      const changed: Changed = {
        // The team's own first: a test of who hears it waits for the public ones after it.
        messages: [
          await this.#teamNotice(trx, gameId, s.participation_id, told),
          ...(await this.#bloodNotices(trx, gameId, moved)),
        ],
        verdicts: [[s.id, gameId, s.challenge_id, s.user_id, status]],
      };
      return { from: s.status, changed };
    });
    if (outcome.changed) this.#publish(gameId, outcome.changed);
    return {
      submissionId,
      status,
      changed: outcome.changed !== undefined,
      from: outcome.from,
      team: found.team_name,
      challenge: found.title,
    };
  }

  /** What corrections did to the caller's team in the game, newest first. */
  teamNotices(gameId: number, userId: string): Promise<TeamNotice[]> {
    return teamNoticesOf(this.db, gameId, userId);
  }

  /** How many solves a team holds in the game. */
  async teamSolves(gameId: number, teamId: number): Promise<TeamSolvesModel> {
    const p = await this.#participation(gameId, teamId);
    const { n } = await this.db
      .selectFrom('solves')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('participation_id', '=', p.id)
      .executeTakeFirstOrThrow();
    return { teamId, teamName: p.name, solves: Number(n) };
  }

  /**
   * Removes every solve of a team: its accepted submissions become CheatDetected (so no later correction brings one
   * back by accident) and each challenge's bloods move on. Answers how many solves went; none the second time.
   */
  async removeTeamSolves(gameId: number, teamId: number, reason: string): Promise<TeamSolvesModel> {
    const p = await this.#participation(gameId, teamId);
    const changed: Changed = { messages: [], verdicts: [] };
    const removed = await this.db.transaction().execute(async (trx) => {
      await lockSolves(trx);
      const accepted = await trx
        .updateTable('submissions')
        .set({ status: 'CheatDetected' })
        .where('participation_id', '=', p.id)
        .where('status', '=', 'Accepted')
        .returning(['id', 'challenge_id', 'user_id'])
        .execute();
      if (accepted.length === 0) return 0;
      for (const a of accepted)
        changed.verdicts.push([a.id, gameId, a.challenge_id, a.user_id, 'CheatDetected']);
      const gone = await trx
        .deleteFrom('solves')
        .where('participation_id', '=', p.id)
        .returning('challenge_id')
        .execute();
      const moved: MovedBlood[] = [];
      for (const { challenge_id } of gone) moved.push(...(await this.#rebalance(trx, challenge_id, null)));
      await this.scoreboards.invalidate(gameId, trx);
      if (gone.length > 0) {
        const told: UnkeptTeamNotice = {
          type: 'SolvesRemoved',
          solves: gone.length,
          reason: reason.trim(),
          time: this.feed.now(),
        };
        changed.messages.push(await this.#teamNotice(trx, gameId, p.id, told));
      }
      changed.messages.push(...(await this.#bloodNotices(trx, gameId, moved)));
      return gone.length;
    });
    if (changed.verdicts.length > 0) this.#publish(gameId, changed);
    return { teamId, teamName: p.name, solves: removed };
  }

  #publish(gameId: number, { messages, verdicts }: Changed): void {
    this.scoreboards.forget(gameId);
    for (const message of [...messages, ...verdictMessages(verdicts)]) this.bus.publish(message);
  }

  /** The public notices of the bloods a correction moved, unless they would tell of a frozen solve. */
  async #bloodNotices(
    trx: Transaction<Database>,
    gameId: number,
    moved: MovedBlood[],
  ): Promise<LiveMessage[]> {
    if (moved.length === 0) return [];
    const game = await trx
      .selectFrom('games')
      .select(['end_time', 'freeze_at', 'freeze_revealed_at'])
      .where('id', '=', gameId)
      .executeTakeFirstOrThrow();
    if (!correctedBloodsTold(game, this.feed.now())) return [];
    const messages: LiveMessage[] = [];
    for (const { type, team, challenge } of moved)
      messages.push(await this.feed.storeNotice(trx, gameId, type, [team, challenge, correctedBloodMarker]));
    return messages;
  }

  /** Keeps for the team what a correction did to it, and the push telling its members, and no one else. */
  async #teamNotice(
    trx: Transaction<Database>,
    gameId: number,
    participation: number,
    notice: UnkeptTeamNotice,
  ): Promise<LiveMessage> {
    const payload = await keepTeamNotice(trx, participation, notice);
    const members = await trx
      .selectFrom('participation_members')
      .select('user_id')
      .where('participation_id', '=', participation)
      .execute();
    return {
      hub: 'user',
      gameId,
      method: 'ReceivedTeamNotice',
      payload,
      users: members.map((m) => m.user_id),
    };
  }

  async #participation(gameId: number, teamId: number) {
    const p = await this.db
      .selectFrom('participations as p')
      .innerJoin('teams as t', 't.id', 'p.team_id')
      .select(['p.id', 't.name'])
      .where('p.game_id', '=', gameId)
      .where('p.team_id', '=', teamId)
      .executeTakeFirst();
    if (!p) throw new DomainError(404, 'That team does not take part in this game');
    return p;
  }

  #target(gameId: number, submissionId: number, db: Kysely<Database> = this.db): Promise<Target | undefined> {
    return db
      .selectFrom('submissions as s')
      .innerJoin('participations as p', 'p.id', 's.participation_id')
      .innerJoin('teams as t', 't.id', 'p.team_id')
      .innerJoin('challenges as c', 'c.id', 's.challenge_id')
      .select([
        's.id',
        's.game_id',
        's.participation_id',
        's.challenge_id',
        's.user_id',
        's.status',
        't.name as team_name',
        'c.title',
      ])
      .where('s.id', '=', submissionId)
      .where('s.game_id', '=', gameId)
      .executeTakeFirst();
  }

  /**
   * Makes the team's solve of the challenge its earliest accepted submission (or none), as judging in submit order
   * would have. Answers the submission id of a solve it wrote, which takes its blood by submit time.
   */
  async #resolveSolve(trx: Transaction<Database>, participation: number, challenge: number) {
    const earliest = await trx
      .selectFrom('submissions')
      .select(['id', 'game_id', 'time', 'user_id'])
      .where('participation_id', '=', participation)
      .where('challenge_id', '=', challenge)
      .where('status', '=', 'Accepted')
      .orderBy('time')
      .orderBy('id')
      .executeTakeFirst();
    const current = await trx
      .selectFrom('solves')
      .select('submission_id')
      .where('participation_id', '=', participation)
      .where('challenge_id', '=', challenge)
      .executeTakeFirst();
    if (current?.submission_id === earliest?.id) return null;
    if (current)
      await trx
        .deleteFrom('solves')
        .where('participation_id', '=', participation)
        .where('challenge_id', '=', challenge)
        .execute();
    if (!earliest) return null;
    await trx
      .insertInto('solves')
      .values({
        participation_id: participation,
        challenge_id: challenge,
        game_id: earliest.game_id,
        submission_id: earliest.id,
        time: earliest.time,
        user_id: earliest.user_id,
        blood: null,
      })
      .execute();
    return earliest.id;
  }

  /**
   * Re-stores the challenge's bloods after its solves changed: those who hold one keep their order (the order they
   * committed in) and close up over a removed one; a solve just written (`placed`) takes its place among them by
   * submit time; the bloods left go to the next solves that may take one, in submit order. Answers the bloods that
   * went to another holder, in blood order.
   */
  async #rebalance(
    trx: Transaction<Database>,
    challenge: number,
    placed: number | null,
  ): Promise<MovedBlood[]> {
    const rows = await this.#bloodRows(trx, challenge);
    const holders = rows
      .filter((r) => r.blood !== null && r.submission_id !== placed)
      .sort((a, b) => (a.blood as number) - (b.blood as number));
    const newcomer = rows.find((r) => r.submission_id === placed && r.eligible === 1);
    if (newcomer) {
      const at = holders.findIndex((h) => before(newcomer, h) < 0);
      holders.splice(at < 0 ? holders.length : at, 0, newcomer);
    }
    const taken = new Set(holders);
    const next = rows.filter((r) => !taken.has(r) && r.eligible === 1).sort(before);
    const bloods = [...holders, ...next].slice(0, 3);
    const wanted = new Map(bloods.map((r, k) => [r.submission_id, k + 1]));
    const moved = rows.filter((r) => r.blood !== (wanted.get(r.submission_id) ?? null));
    // Cleared first, then set: the unique index on a challenge's bloods would refuse a swap done row by row.
    const cleared = moved.filter((r) => r.blood !== null).map((r) => r.submission_id);
    if (cleared.length > 0)
      await trx.updateTable('solves').set({ blood: null }).where('submission_id', 'in', cleared).execute();
    for (const r of moved) {
      const blood = wanted.get(r.submission_id);
      if (blood !== undefined)
        await trx.updateTable('solves').set({ blood }).where('submission_id', '=', r.submission_id).execute();
    }
    return bloods.flatMap((r, k) =>
      r.blood === k + 1
        ? []
        : [{ type: bloodNotices[k] as NoticeType, team: r.team_name, challenge: r.title }],
    );
  }

  /**
   * The challenge's solves, and whether each may hold a blood as judging decides it (verdict-rules.ts's mayBleed):
   * an Accepted team allowed to by its division, on a challenge with blood bonuses, inside the game and deadline.
   */
  #bloodRows(trx: Transaction<Database>, challenge: number): Promise<BloodRow[]> {
    return trx
      .selectFrom('solves as s')
      .innerJoin('participations as p', 'p.id', 's.participation_id')
      .innerJoin('teams as t', 't.id', 'p.team_id')
      .innerJoin('challenges as c', 'c.id', 's.challenge_id')
      .innerJoin('games as g', 'g.id', 's.game_id')
      .leftJoin('divisions as d', 'd.id', 'p.division_id')
      .leftJoin('division_challenges as dc', (join) =>
        join.onRef('dc.division_id', '=', 'p.division_id').onRef('dc.challenge_id', '=', 's.challenge_id'),
      )
      .select(['s.submission_id', 's.time', 's.blood', 't.name as team_name', 'c.title'])
      .select(
        sql<number>`case when p.status = 'Accepted' and coalesce(c.disable_blood_bonus, 0) = 0
          and s.time >= g.start_time and s.time < g.end_time
          and (c.deadline_utc is null or s.time <= c.deadline_utc)
          and (p.division_id is null
            or (coalesce(dc.permissions, d.default_permissions) & ${sql.lit(GamePermission.GetBlood)}) <> 0)
          then 1 else 0 end`.as('eligible'),
      )
      .where('s.challenge_id', '=', challenge)
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, time: Number(r.time), eligible: Number(r.eligible) })));
  }
}

/**
 * PostgreSQL: holds off every other write of solves until the commit, and waits for those under way. A judge
 * elsewhere takes the bloods after the highest it reads when its statement starts: one that read them before a
 * correction moved them would write a blood the correction freed or took. Corrections are rare and short, so judging
 * pausing for one costs little; reads (scoreboard rebuilds) go on. SQLite's one writer needs nothing.
 */
const lockSolves = async (trx: Transaction<Database>): Promise<void> => {
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`lock table solves in share row exclusive mode`.execute(trx);
};
