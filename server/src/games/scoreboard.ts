// Scoreboard snapshots (§4.3): rebuilt when something changed, never per read. A change bumps the game's
// version row, so other processes sharing the database notice it on their next check (at most `recheckMs` late);
// within this process the change is seen at once. The rendering is scoreboard-render.ts's: here for small games,
// on the render thread for big ones.
//
// Polls are answered from a board published at most once per `publishEveryMs`. A poll (a client revalidating the
// copy it has) of a changed board rebuilds it at once, unless a rebuild began less than that ago: then it gets the
// snapshot in hand, and the rebuild starts when the interval ends. During a game solves come in faster than a
// board can be rebuilt: rebuilding for each (and each poller then downloading a new board) took the main thread,
// and pollers waited up to 15 s. A change reaches pollers within `publishEveryMs` plus one rebuild; any other read
// (a first load, a page's details, an organiser's) waits for the rebuild as before.
//
// A frozen game's snapshot holds two boards (issue #44): the live one, for organisers, and `public`, the board as it
// stood at the freeze, for everyone else. The public board's ETag is its body's hash, not the version: a solve after
// the freeze bumps the version but leaves that board, its ETag and its size as they were.

import { type Kysely, sql } from 'kysely';
import { prepare } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import type { RenderThread } from './render-thread.ts';
import { type Rendered, renderScoreboard } from './scoreboard-render.ts';
import { type Snapshot, snapshotOf } from './scoreboard-snapshot.ts';

export interface ScoreboardOptions {
  now?: () => number;
  /** How long a snapshot is served before the shared version is checked again. */
  recheckMs?: number;
  /** Where games with enough solves are rendered; without one, every game is rendered on this thread. */
  thread?: RenderThread;
  /** The least time between the starts of two rebuilds of a game that changed meanwhile. */
  publishEveryMs?: number;
}

/** The longest delay a timer takes (about 24.8 days). */
const maxTimerMs = 2 ** 31 - 1;

/** A change is visible on the board within this plus one rebuild. */
export const defaultPublishEveryMs = 250;

interface Cached {
  snapshot: Snapshot;
  checkedAt: number;
  /** Changed here since it was built. */
  stale: boolean;
  /** The changes this process knew of when its build began. */
  builtAfter: number;
}

export class Scoreboards {
  readonly #cache = new Map<number, Cached>();
  readonly #building = new Map<number, Promise<Snapshot | undefined>>();
  /** Version checks under way: the reads arriving while one runs share it. */
  readonly #checking = new Map<number, Promise<number>>();
  /** Local changes per game: a build that overlapped one must not be trusted. */
  readonly #changes = new Map<number, number>();
  /** Solves per game at its last build here, which decides where the next one runs. */
  readonly #solveCounts = new Map<number, number>();
  /** When each game's last rebuild began. */
  readonly #builtAt = new Map<number, number>();
  /** Rebuilds set for the end of an interval, each resolved with its snapshot. */
  readonly #scheduled = new Map<number, Promise<Snapshot | undefined>>();
  /** Per game whose board was built before its freeze: the change at the freeze, for the live push. */
  readonly #freezes = new Map<number, NodeJS.Timeout>();
  readonly #buildListeners: ((seconds: number) => void)[] = [];
  readonly #changeListeners: ((gameId: number) => void)[] = [];
  readonly #freezeListeners: ((gameId: number) => void)[] = [];
  /**
   * Prepared: every judge batch with a first solve bumps the version inside its transaction, and building this
   * upsert anew took 160 µs of the event loop per batch, four times what SQLite took to run it.
   */
  readonly #bumpVersion;

  private readonly now: () => number;
  private readonly recheckMs: number;
  private readonly thread: RenderThread | undefined;
  private readonly publishEveryMs: number;

  constructor(
    private readonly db: Kysely<Database>,
    {
      now = Date.now,
      recheckMs = 1000,
      thread,
      publishEveryMs = defaultPublishEveryMs,
    }: ScoreboardOptions = {},
  ) {
    this.now = now;
    this.recheckMs = recheckMs;
    this.thread = thread;
    this.publishEveryMs = publishEveryMs;
    this.#bumpVersion = prepare(db, { game: 0 }, (db, q) =>
      db
        .insertInto('scoreboard_versions')
        .values({ game_id: q.game, version: 1 })
        .onConflict((oc) =>
          oc.column('game_id').doUpdateSet({ version: sql`scoreboard_versions.version + 1` }),
        ),
    );
  }

  /** Called with the seconds each render took; a board kept at its version is no render and is not told. */
  onBuild(listener: (seconds: number) => void): void {
    this.#buildListeners.push(listener);
  }

  /** Called with the game's id once a change made here is committed (live push, live/scoreboard-push.ts). */
  onChange(listener: (gameId: number) => void): void {
    this.#changeListeners.push(listener);
  }

  /** Called with the game's id when its freeze comes while this process holds its board (live push). */
  onFreeze(listener: (gameId: number) => void): void {
    this.#freezeListeners.push(listener);
  }

  /** The snapshot `get` would answer without waiting for anything, if there is one: most reads. */
  ready(gameId: number, poll = false): Snapshot | undefined {
    const cached = this.#current(gameId);
    if (!cached) return undefined;
    if (!cached.stale && this.now() - cached.checkedAt < this.recheckMs) return cached.snapshot;
    return poll && cached.stale && this.deferred(gameId) ? cached.snapshot : undefined;
  }

  /** The current snapshot, or for a `poll` the published one; undefined when the game doesn't exist. */
  async get(gameId: number, poll = false): Promise<Snapshot | undefined> {
    const cached = this.#current(gameId);
    if (cached && !cached.stale) {
      if (this.now() - cached.checkedAt < this.recheckMs) return cached.snapshot;
      if ((await this.sharedVersion(gameId)) === cached.snapshot.version) {
        cached.checkedAt = this.now();
        return cached.snapshot;
      }
      // Changed by another process.
      cached.stale = true;
    }
    if (cached && poll && this.deferred(gameId)) return cached.snapshot;
    return this.rebuild(gameId);
  }

  /** Rebuilds at once for polls too: an organiser's flush, which waits for the new board. */
  async publishNow(gameId: number): Promise<Snapshot | undefined> {
    this.#builtAt.delete(gameId);
    return this.get(gameId);
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

  /**
   * Marks the game's scoreboard stale here and in every other process (through `db`: a transaction's, say). Inside
   * a transaction, the caller calls `forget` once it is committed.
   */
  async invalidate(gameId: number, db = this.db): Promise<void> {
    await this.#bumpVersion.run({ game: gameId }, db);
    // Marked only once the bump is seen (here, or by `forget` after the transaction's commit): a build begun before
    // may hold the change under the old version, its ETag, and must be stale; one begun after reads the new version.
    if (db !== this.db) return;
    this.heard(gameId);
    this.#changed(gameId);
  }

  /**
   * Marks this process's copy stale only: after the commit of an `invalidate` made inside a transaction, which a
   * build running meanwhile could not see yet.
   */
  forget(gameId: number): void {
    this.heard(gameId);
    this.#changed(gameId);
  }

  /** Marks this process's copy stale, as another process said it changed: its next read rebuilds it. */
  heard(gameId: number): void {
    this.#changes.set(gameId, (this.#changes.get(gameId) ?? 0) + 1);
    const cached = this.#cache.get(gameId);
    if (cached) cached.stale = true;
  }

  /** Drops the board of a deleted game (its version row went with it): not even a poll gets it again. */
  discard(gameId: number): void {
    this.heard(gameId);
    this.#cache.delete(gameId);
  }

  /**
   * A snapshot whose build began after every change this process knows of now, for a push: the clients it tells
   * read that board. A rebuild under way since before is waited for and done again; one that a later change
   * overlapped is not, as that change brings a push of its own (waiting for a board no solve overlaps took up to
   * three rebuilds per push while solves came in). Undefined when the game is gone.
   */
  async settled(gameId: number): Promise<Snapshot | undefined> {
    const known = this.#changes.get(gameId) ?? 0;
    for (let round = 0; ; round += 1) {
      // Within the publish interval the rebuild set for its end serves the push too, rather than one of its own.
      const snapshot = await (this.#current(gameId)?.stale && this.deferred(gameId)
        ? this.#scheduled.get(gameId)
        : this.get(gameId));
      if (!snapshot || round === 2 || (this.#cache.get(gameId)?.builtAfter ?? known) >= known)
        return snapshot;
    }
  }

  /**
   * The freeze is a change of its own, at its time, pushed like any other: were it first noticed at the next solve,
   * the push would tell players when that came.
   */
  #atFreeze(gameId: number, at: number): void {
    clearTimeout(this.#freezes.get(gameId));
    this.#freezes.delete(gameId);
    const waitMs = at - this.now();
    // Beyond what a timer holds, the next build sets it.
    if (waitMs > maxTimerMs) return;
    const timer = setTimeout(
      () => {
        this.#freezes.delete(gameId);
        for (const listener of this.#freezeListeners) listener(gameId);
        this.forget(gameId);
      },
      Math.max(0, waitMs),
    );
    this.#freezes.set(gameId, timer.unref());
  }

  /** The cached board, marked stale once the freeze it was built before has come. */
  #current(gameId: number): Cached | undefined {
    const cached = this.#cache.get(gameId);
    if (cached && this.now() >= cached.snapshot.expiresAt) cached.stale = true;
    return cached;
  }

  #changed(gameId: number): void {
    for (const listener of this.#changeListeners) listener(gameId);
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

  /**
   * Whether a changed board waits for the end of its interval (a rebuild began less than `publishEveryMs` ago), in
   * which case its rebuild is set for then.
   */
  private deferred(gameId: number): boolean {
    const waitMs = (this.#builtAt.get(gameId) ?? Number.NEGATIVE_INFINITY) + this.publishEveryMs - this.now();
    if (waitMs <= 0) return false;
    if (!this.#scheduled.has(gameId)) {
      const rebuilt = new Promise<Snapshot | undefined>((resolve) => {
        setTimeout(() => {
          this.#scheduled.delete(gameId);
          // A failure here is met again by the next read, which reports it.
          resolve(this.get(gameId).catch(() => undefined));
        }, waitMs).unref();
      });
      this.#scheduled.set(gameId, rebuilt);
    }
    return true;
  }

  /** One rebuild at a time per game, shared by the reads that wait for it. */
  private rebuild(gameId: number): Promise<Snapshot | undefined> {
    let building = this.#building.get(gameId);
    if (!building) {
      this.#builtAt.set(gameId, this.now());
      building = this.build(gameId).finally(() => this.#building.delete(gameId));
      this.#building.set(gameId, building);
    }
    return building;
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
    const started = performance.now();
    const changes = this.#changes.get(gameId) ?? 0;
    // The version is read before the data: a snapshot is never newer than the version it claims.
    const version = await this.version(gameId);
    // Every change bumps the version, so the board in hand at this version is this board (it went stale here by a
    // change whose commit it had seen): kept, the ETag keeps its bytes, and the render is saved.
    const held = this.#cache.get(gameId)?.snapshot;
    if (held?.version === version && this.now() < held.expiresAt) {
      this.#keep(gameId, held, changes);
      return held;
    }
    const rendered = await this.render(gameId);
    if (!rendered) {
      this.#cache.delete(gameId);
      return undefined;
    }
    this.#solveCounts.set(gameId, rendered.solveCount);
    this.thread?.prepareFor(rendered.solveCount);
    const snapshot = await snapshotOf(gameId, version, rendered);
    this.#keep(gameId, snapshot, changes);
    this.#atFreeze(gameId, snapshot.expiresAt);
    const seconds = (performance.now() - started) / 1000;
    for (const listener of this.#buildListeners) listener(seconds);
    return snapshot;
  }

  /** Caches the snapshot of a build begun after `changes` changes here: stale at once if one came meanwhile. */
  #keep(gameId: number, snapshot: Snapshot, changes: number): void {
    const stale = (this.#changes.get(gameId) ?? 0) !== changes;
    this.#cache.set(gameId, { snapshot, checkedAt: this.now(), stale, builtAfter: changes });
  }

  /** A game's first build here, after a restart say, counts its solves to know where to run (an index count). */
  private async countSolves(gameId: number): Promise<number> {
    const { n } = await this.db
      .selectFrom('solves')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('game_id', '=', gameId)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  private async render(gameId: number): Promise<Rendered | undefined> {
    const now = this.now();
    const { thread } = this;
    // A worker still starting (after a restart, or a game's sudden growth: `build` starts it) is not waited for.
    if (
      thread?.ready &&
      (this.#solveCounts.get(gameId) ?? (await this.countSolves(gameId))) >= thread.minSolves
    ) {
      try {
        return await thread.render(gameId, now);
      } catch {
        // A worker that could not render (it failed to start, say) leaves the render to this thread.
      }
    }
    return renderScoreboard(this.db, gameId, now);
  }
}
