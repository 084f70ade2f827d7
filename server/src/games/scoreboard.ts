// Scoreboard snapshots (§4.3): rebuilt when something changed, never per read. A change bumps the game's
// version row, so other processes sharing the database notice it on their next check (at most `recheckMs` late);
// within this process the change is seen at once.

import { gzip } from 'node:zlib';
import type { ChallengeInfo, ScoreboardItem, ScoreboardModel } from '@pennon/sdk/contract';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { avatarUrl } from '../services/users.ts';
import type { DivisionRules } from './permissions.ts';
import { buildScoreboard, type ScoringInput, type ScoringSolves } from './scoring.ts';

export interface Snapshot {
  version: number;
  game: { title: string; start: number; hidden: boolean };
  model: ScoreboardModel;
  /** The model serialized and encoded once, for every read. */
  body: Buffer;
  /** The body gzipped once, off the event loop, when a client first asks for it; undefined until then. */
  gzipped(): Buffer | undefined;
  etag: string;
  /** Team id → its line. */
  byTeam: Map<number, ScoreboardItem>;
  /** Challenge id → its current value, solves and bloods. */
  challenges: Map<number, ChallengeInfo>;
}

interface Cached {
  snapshot: Snapshot;
  checkedAt: number;
}

export class Scoreboards {
  readonly #cache = new Map<number, Cached>();
  readonly #building = new Map<number, Promise<Snapshot | undefined>>();
  /** Version checks under way: the reads arriving while one runs share it. */
  readonly #checking = new Map<number, Promise<number>>();
  /** Local changes per game: a build that overlapped one must not be trusted. */
  readonly #changes = new Map<number, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
    private readonly recheckMs = 1000,
  ) {}

  /** The current snapshot; undefined when the game doesn't exist. */
  async get(gameId: number): Promise<Snapshot | undefined> {
    const cached = this.#cache.get(gameId);
    if (cached && this.now() - cached.checkedAt < this.recheckMs) return cached.snapshot;
    if (cached && (await this.sharedVersion(gameId)) === cached.snapshot.version) {
      cached.checkedAt = this.now();
      return cached.snapshot;
    }
    let building = this.#building.get(gameId);
    if (!building) {
      building = this.build(gameId).finally(() => this.#building.delete(gameId));
      this.#building.set(gameId, building);
    }
    return building;
  }

  /** Builds the snapshots of games starting within `aheadMs` (§4.19), so the start finds them ready; answers their ids. */
  async prebuild(aheadMs: number): Promise<number[]> {
    const now = this.now();
    const upcoming = await this.db
      .selectFrom('games')
      .select('id')
      .where('start_time', '>', now)
      .where('start_time', '<=', now + aheadMs)
      .execute();
    for (const { id } of upcoming) await this.get(id);
    return upcoming.map((g) => g.id);
  }

  /** Marks the game's scoreboard stale here and in every other process (through `db`: a transaction's, say). */
  async invalidate(gameId: number, db = this.db): Promise<void> {
    this.forget(gameId);
    await db
      .insertInto('scoreboard_versions')
      .values({ game_id: gameId, version: 1 })
      .onConflict((oc) => oc.column('game_id').doUpdateSet({ version: sql`scoreboard_versions.version + 1` }))
      .execute();
  }

  /**
   * Drops this process's copy only: for a deleted game (its version row went with it), and after the commit of an
   * `invalidate` made inside a transaction, which a build running meanwhile could not see yet.
   */
  forget(gameId: number): void {
    this.#changes.set(gameId, (this.#changes.get(gameId) ?? 0) + 1);
    this.#cache.delete(gameId);
  }

  async invalidateParticipation(participationId: number): Promise<void> {
    const row = await this.db
      .selectFrom('participations')
      .select('game_id')
      .where('id', '=', participationId)
      .executeTakeFirst();
    if (row) await this.invalidate(row.game_id);
  }

  /**
   * The stored version, read once for all the reads of a moment: otherwise, when the check falls due under load,
   * every request arriving during its round trip (hundreds, on PostgreSQL) sent a query of its own.
   */
  private sharedVersion(gameId: number): Promise<number> {
    let checking = this.#checking.get(gameId);
    if (!checking) {
      checking = this.version(gameId).finally(() => this.#checking.delete(gameId));
      this.#checking.set(gameId, checking);
    }
    return checking;
  }

  private async version(gameId: number): Promise<number> {
    const row = await this.db
      .selectFrom('scoreboard_versions')
      .select('version')
      .where('game_id', '=', gameId)
      .executeTakeFirst();
    return row?.version ?? 0;
  }

  private async build(gameId: number): Promise<Snapshot | undefined> {
    const changes = this.#changes.get(gameId) ?? 0;
    // The version is read before the data: a snapshot is never newer than the version it claims.
    const version = await this.version(gameId);
    const loaded = await this.load(gameId);
    if (!loaded) {
      this.#cache.delete(gameId);
      return undefined;
    }
    const model = buildScoreboard(loaded.input);
    const snapshot: Snapshot = {
      version,
      game: loaded.game,
      model,
      body: utf8(JSON.stringify(model)),
      gzipped: lazyGzip(() => snapshot.body),
      etag: `W/"${gameId}-${version.toString(16)}-${model.updateTimeUtc.toString(16)}"`,
      byTeam: new Map(model.items.map((item) => [item.id, item])),
      challenges: new Map(Object.values(model.challenges).flatMap((list) => list.map((c) => [c.id, c]))),
    };
    const fresh = (this.#changes.get(gameId) ?? 0) === changes;
    this.#cache.set(gameId, { snapshot, checkedAt: fresh ? this.now() : Number.NEGATIVE_INFINITY });
    return snapshot;
  }

  /**
   * Every first solve of the game, as one JSON array per column built by the database: reading 100,000 rows one
   * object at a time costs several times more than parsing a few texts, and arrays of numbers parse into flat
   * storage where tuples or objects make 100,000 small allocations.
   */
  private async solvesOf(gameId: number): Promise<ScoringSolves> {
    const postgres = this.db.getExecutor().adapter instanceof PostgresAdapter;
    const column = (name: string) =>
      sql.raw(postgres ? `coalesce(json_agg(${name}), '[]'::json)` : `json_group_array(${name})`);
    const row = await this.db
      .selectFrom('solves')
      .innerJoin('submissions', 'submissions.id', 'solves.submission_id')
      .leftJoin('users', 'users.id', 'submissions.user_id')
      .select([
        column('solves.participation_id').as('participationId'),
        column('solves.challenge_id').as('challengeId'),
        column('solves.submission_id').as('submissionId'),
        column('solves.time').as('time'),
        column('users.user_name').as('userName'),
      ])
      .where('solves.game_id', '=', gameId)
      .executeTakeFirstOrThrow();
    // PostgreSQL's driver parses json itself; SQLite hands over the text.
    const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
    return {
      participationId: parse(row.participationId),
      challengeId: parse(row.challengeId),
      submissionId: parse(row.submissionId),
      time: parse(row.time),
      userName: parse(row.userName),
    };
  }

  /** One query per table; everything else is joined in memory. */
  private async load(gameId: number): Promise<{ input: ScoringInput; game: Snapshot['game'] } | undefined> {
    const game = await this.db
      .selectFrom('games')
      .select(['title', 'hidden', 'start_time', 'end_time', 'blood_bonus'])
      .where('id', '=', gameId)
      .executeTakeFirst();
    if (!game) return undefined;
    const [challenges, divisions, configs, teams, solves] = await Promise.all([
      this.db
        .selectFrom('challenges')
        .select([
          'id',
          'title',
          'category',
          'original_score',
          'min_score_rate',
          'difficulty',
          'deadline_utc',
          'disable_blood_bonus',
        ])
        .where('game_id', '=', gameId)
        .where('is_enabled', '=', 1)
        .execute(),
      this.db.selectFrom('divisions').selectAll().where('game_id', '=', gameId).orderBy('id').execute(),
      this.db
        .selectFrom('division_challenges')
        .innerJoin('divisions', 'divisions.id', 'division_challenges.division_id')
        .select(['division_challenges.division_id', 'challenge_id', 'permissions'])
        .where('divisions.game_id', '=', gameId)
        .orderBy('challenge_id')
        .execute(),
      this.db
        .selectFrom('participations')
        .innerJoin('teams', 'teams.id', 'participations.team_id')
        .select([
          'participations.id as participationId',
          'teams.id as teamId',
          'teams.name',
          'teams.bio',
          'teams.avatar_hash',
          'participations.division_id',
        ])
        .where('participations.game_id', '=', gameId)
        .where('participations.status', '=', 'Accepted')
        .execute(),
      this.solvesOf(gameId),
    ]);
    const overrides = new Map<number, DivisionRules['overrides']>(divisions.map((d) => [d.id, new Map()]));
    for (const c of configs) overrides.get(c.division_id)?.set(c.challenge_id, c.permissions);
    const input: ScoringInput = {
      game: { start: game.start_time, end: game.end_time, bloodBonus: game.blood_bonus },
      challenges: challenges.map((c) => ({
        id: c.id,
        title: c.title,
        category: c.category,
        originalScore: c.original_score,
        minScoreRate: c.min_score_rate,
        difficulty: c.difficulty,
        deadline: c.deadline_utc,
        disableBloodBonus: c.disable_blood_bonus === 1,
      })),
      divisions: divisions.map((d) => ({
        id: d.id,
        name: d.name,
        rules: { defaultPermissions: d.default_permissions, overrides: overrides.get(d.id) ?? new Map() },
      })),
      teams: teams.map((t) => ({
        participationId: t.participationId,
        teamId: t.teamId,
        name: t.name,
        bio: t.bio,
        avatar: avatarUrl(t.avatar_hash),
        divisionId: t.division_id,
      })),
      solves,
      now: this.now(),
    };
    return { input, game: { title: game.title, start: game.start_time, hidden: game.hidden === 1 } };
  }
}

const encoder = new TextEncoder();

/** Node 20's Buffer.from(text) encodes a 7.7 MB board in 25 ms; TextEncoder (SIMD) takes 2. */
const utf8 = (text: string): Buffer => {
  const bytes = encoder.encode(text);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
};

/** Compresses on the first call, in the thread pool; answers the result once it is there. */
const lazyGzip = (body: () => Buffer): (() => Buffer | undefined) => {
  let started = false;
  let done: Buffer | undefined;
  return () => {
    if (!started) {
      started = true;
      gzip(body(), (error, result) => {
        if (!error) done = result;
      });
    }
    return done;
  };
};
