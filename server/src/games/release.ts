// Staged release (issue #44): each gated challenge's rule as the server reads it, what a team has solved, and the
// announcer that tells players of time releases, of challenges and of hints. A game without gated challenges reads no
// rule at all.
import { isReleased, type ReleaseRule, releaseEventMarker } from '@pennon/sdk/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { type WebhookQueue, webhookEvent } from '../webhooks/queue.ts';
import type { GameFeed } from './feed.ts';
import type { Scoreboards } from './scoreboard.ts';

/** Challenge id → its rule, for the gated challenges of a game only (a time or prerequisites). */
export type ReleaseRules = Map<number, ReleaseRule>;

/** The rules of a game's gated challenges (or of the listed ones). */
export const readReleaseRules = async (
  db: Kysely<Database>,
  gameId: number,
  challengeIds?: number[],
): Promise<ReleaseRules> => {
  if (challengeIds?.length === 0) return new Map();
  const [timed, edges] = await Promise.all([
    db
      .selectFrom('challenges')
      .select(['id', 'release_at'])
      .where('game_id', '=', gameId)
      .where('release_at', 'is not', null)
      .$if(challengeIds !== undefined, (q) => q.where('id', 'in', challengeIds as number[]))
      .execute(),
    db
      .selectFrom('challenge_prerequisites as p')
      .innerJoin('challenges as c', 'c.id', 'p.challenge_id')
      .select(['p.challenge_id', 'p.prerequisite_id'])
      .where('c.game_id', '=', gameId)
      .$if(challengeIds !== undefined, (q) => q.where('p.challenge_id', 'in', challengeIds as number[]))
      .orderBy('p.prerequisite_id')
      .execute(),
  ]);
  const rules: ReleaseRules = new Map();
  const rule = (id: number) => {
    const found = rules.get(id) ?? { releaseAt: null, prerequisites: [] };
    rules.set(id, found);
    return found as { releaseAt: number | null; prerequisites: number[] };
  };
  for (const c of timed) rule(c.id).releaseAt = c.release_at;
  for (const e of edges) rule(e.challenge_id).prerequisites.push(e.prerequisite_id);
  return rules;
};

/** One challenge's rule, from its row and its prerequisites; undefined when nothing gates it. */
export const ruleOf = async (
  db: Kysely<Database>,
  challenge: { id: number; release_at: number | null },
): Promise<ReleaseRule | undefined> => {
  const prerequisites = (
    await db
      .selectFrom('challenge_prerequisites')
      .select('prerequisite_id')
      .where('challenge_id', '=', challenge.id)
      .execute()
  ).map((p) => p.prerequisite_id);
  return challenge.release_at === null && prerequisites.length === 0
    ? undefined
    : { releaseAt: challenge.release_at, prerequisites };
};

/** The challenges a team has solved. */
export const solvedBy = async (db: Kysely<Database>, participationId: number): Promise<Set<number>> =>
  new Set(
    (
      await db
        .selectFrom('solves')
        .select('challenge_id')
        .where('participation_id', '=', participationId)
        .execute()
    ).map((s) => s.challenge_id),
  );

/** Whether a challenge is open to a team; the team's solves are read only for a challenge with prerequisites. */
export const releasedTo = async (
  db: Kysely<Database>,
  rule: ReleaseRule | undefined,
  participationId: number,
  now: number,
): Promise<boolean> => {
  if (!isReleased(rule, now, { has: () => true })) return false;
  return !rule?.prerequisites.length || isReleased(rule, now, await solvedBy(db, participationId));
};

/** A challenge with prerequisites opens team by team: its title is not for every player to learn. */
const hasPrerequisites = async (db: Kysely<Database>, challengeId: number): Promise<boolean> =>
  (await db
    .selectFrom('challenge_prerequisites')
    .select('prerequisite_id')
    .where('challenge_id', '=', challengeId)
    .executeTakeFirst()) !== undefined;

/**
 * Posts the NewHint notice (and its live push) of each hint whose release is owed a notice and due at `now`, or of
 * the one hint `hintId`: released (a hint without a time counts as released now) while its game runs, after the game
 * began, its challenge enabled and open by time (announced, when it has a time). Each is claimed by one conditional
 * UPDATE, so that of several processes exactly one posts it; one whose challenge waits for prerequisites is claimed
 * and told no one. Answers the ids of the hints this process claimed.
 */
export const announceHints = async (
  db: Kysely<Database>,
  feed: GameFeed,
  now: number,
  hintId?: number,
): Promise<number[]> => {
  const due = await db
    .selectFrom('challenge_hints as h')
    .innerJoin('challenges as c', 'c.id', 'h.challenge_id')
    .innerJoin('games as g', 'g.id', 'c.game_id')
    .select(['h.id', 'c.id as challenge_id', 'c.game_id', 'c.title'])
    .where('h.release_announced', '=', 0)
    .where(sql<boolean>`coalesce(h.release_time, ${now}) between g.start_time and ${now}`)
    .$if(hintId === undefined, (q) => q.where('h.release_time', 'is not', null))
    .$if(hintId !== undefined, (q) => q.where('h.id', '=', hintId as number))
    .where('c.is_enabled', '=', 1)
    .where((eb) => eb.or([eb('c.release_at', 'is', null), eb('c.release_announced', '=', 1)]))
    .where('g.end_time', '>', now)
    .orderBy('h.id')
    .execute();
  const claimed: number[] = [];
  for (const h of due) {
    const claim = await db
      .updateTable('challenge_hints')
      .set({ release_announced: 1 })
      .where('id', '=', h.id)
      .where('release_announced', '=', 0)
      .executeTakeFirst();
    if (claim.numUpdatedRows !== 1n) continue;
    claimed.push(h.id);
    if (!(await hasPrerequisites(db, h.challenge_id))) await feed.addNotice(h.game_id, 'NewHint', [h.title]);
  }
  return claimed;
};

/**
 * Tells of time releases as they come: while a game runs, each enabled challenge whose `release_at` has passed is
 * claimed by one conditional UPDATE, so that of several processes exactly one announces it. The announcing process
 * rebuilds the board (its challenge list changes, and every client watching the game is pushed to read it again)
 * and, when nothing else gates the challenge, posts a NewChallenge notice; a challenge that still waits for
 * prerequisites is announced to no one, its title being the team's to learn once it opens. Hints whose release time
 * passed are told after the challenges, the same way (`announceHints`).
 */
export class ReleaseAnnouncer {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly feed: GameFeed,
    private readonly scoreboards: Scoreboards,
    private readonly onError: (error: unknown) => void,
    private readonly now: () => number = Date.now,
    private readonly webhooks?: WebhookQueue,
  ) {}

  /** Checks every `everyMs`: a release is told at most that late. */
  start(everyMs = 1000): void {
    this.#timer = setInterval(() => {
      this.#running ??= this.announce()
        .then(() => undefined)
        .catch(this.onError)
        .finally(() => {
          this.#running = undefined;
        });
    }, everyMs).unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running;
  }

  /** Announces what is due; answers the ids of the challenges this process announced (hints: `announceHints`). */
  async announce(): Promise<number[]> {
    const now = this.now();
    const due = await this.db
      .selectFrom('challenges as c')
      .innerJoin('games as g', 'g.id', 'c.game_id')
      .select(['c.id', 'c.game_id', 'c.title'])
      .where('c.release_announced', '=', 0)
      .where('c.release_at', '<=', now)
      .where('c.is_enabled', '=', 1)
      .where('g.start_time', '<=', now)
      .where('g.end_time', '>', now)
      .execute();
    const announced: number[] = [];
    for (const c of due) {
      const claimed = await this.db
        .updateTable('challenges')
        .set({ release_announced: 1 })
        .where('id', '=', c.id)
        .where('release_announced', '=', 0)
        .executeTakeFirst();
      if (claimed.numUpdatedRows !== 1n) continue;
      announced.push(c.id);
      await this.scoreboards.invalidate(c.game_id);
      if (!(await hasPrerequisites(this.db, c.id))) {
        await this.feed.addNotice(c.game_id, 'NewChallenge', [c.title]);
        await this.webhooks?.emit(
          webhookEvent('challenge.opened', c.game_id, { challenge: { id: c.id, title: c.title } }, now),
        );
      }
      await this.feed.addEvent(c.game_id, {
        type: 'Normal',
        values: [releaseEventMarker, String(c.id), c.title],
      });
    }
    await announceHints(this.db, this.feed, now);
    return announced;
  }
}
