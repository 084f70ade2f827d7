// What the judge compares answers with: each static challenge's flags and each game's division rules, kept in memory
// so that a judge batch reads nothing before its transaction (on PostgreSQL that was a round trip and two statements
// per batch), nor a submission's checks its team's division. An edit drops what it changed, in this process at once
// and in the others through the live bus. An entry is read again after `maxAgeMs` all the same: that bounds what a
// lost bus message (a LISTEN connection that dropped) or an edit made with no bus (the game CLI) can leave stale.
import type { Kysely } from 'kysely';
import { column, prepareRows } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import type { LiveBus } from '../live/bus.ts';
import type { DivisionService } from './divisions.ts';
import type { DivisionRules } from './permissions.ts';
import { type ReleaseRules, readReleaseRules } from './release.ts';

const maxAgeMs = 10_000;

interface Entry<T> {
  value: T;
  at: number;
}

/** Id → value, each read when missing or older than `maxAgeMs`, the misses of a call in one read. */
class KeptById<T> {
  readonly #kept = new Map<number, Entry<T>>();

  constructor(
    private readonly read: (ids: number[]) => Promise<Map<number, T>>,
    private readonly now: () => number,
    /** Edits so far: a read that an edit overtook is used but not kept, as it may hold what the edit changed. */
    private readonly edits: () => number,
  ) {}

  async get(ids: Iterable<number>): Promise<Map<number, T>> {
    const found = new Map<number, T>();
    const missing: number[] = [];
    const fresh = this.now() - maxAgeMs;
    for (const id of ids) {
      const kept = this.#kept.get(id);
      if (kept && kept.at > fresh) found.set(id, kept.value);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const [at, edits] = [this.now(), this.edits()];
    const read = await this.read(missing);
    const keep = edits === this.edits();
    for (const id of missing) {
      const value = read.get(id) as T;
      found.set(id, value);
      if (keep) this.#kept.set(id, { value, at });
    }
    return found;
  }

  drop(id: number): void {
    this.#kept.delete(id);
  }
}

export class JudgingCache {
  #edits = 0;
  readonly #flags: KeptById<string[]>;
  readonly #rules: KeptById<Map<number, DivisionRules>>;
  readonly #release: KeptById<ReleaseRules>;

  constructor(db: Kysely<Database>, bus: LiveBus, divisions: DivisionService, now: () => number = Date.now) {
    const flagsOf = prepareRows(db, { id: column.integer }, (db, challenges) =>
      db
        .selectFrom('flags')
        .select(['challenge_id', 'flag'])
        .where('challenge_id', 'in', db.selectFrom(challenges).select('r.id')),
    );
    const edits = () => this.#edits;
    this.#flags = new KeptById(
      async (ids) => {
        const flags = new Map(ids.map((id) => [id, [] as string[]]));
        for (const f of await flagsOf.run(ids.map((id) => ({ id })))) flags.get(f.challenge_id)?.push(f.flag);
        return flags;
      },
      now,
      edits,
    );
    this.#rules = new KeptById(
      async (ids) =>
        new Map(await Promise.all(ids.map(async (id) => [id, await divisions.rulesOfGame(id)] as const))),
      now,
      edits,
    );
    this.#release = new KeptById(
      async (ids) =>
        new Map(await Promise.all(ids.map(async (id) => [id, await readReleaseRules(db, id)] as const))),
      now,
      edits,
    );
    const kept = { FlagsEdited: this.#flags, DivisionsEdited: this.#rules, ReleaseEdited: this.#release };
    bus.subscribe((message) => {
      if (message.hub !== 'judging') return;
      this.#edits++;
      kept[message.method].drop(message.payload);
    });
  }

  /**
   * Static challenge id → its flags, and game id → its divisions' rules. What is missing is read, the flags and each
   * game's rules side by side: on PostgreSQL each read takes a connection of the pool, and the round trips overlap.
   */
  async read(
    staticChallenges: Iterable<number>,
    games: Iterable<number>,
  ): Promise<{ flags: Map<number, string[]>; rules: Map<number, Map<number, DivisionRules>> }> {
    const [flags, rules] = await Promise.all([this.#flags.get(staticChallenges), this.#rules.get(games)]);
    return { flags, rules };
  }

  /** The staged release rules of a game's gated challenges (none in most games). */
  async releaseRules(gameId: number): Promise<ReleaseRules> {
    return (await this.#release.get([gameId])).get(gameId) as ReleaseRules;
  }

  /** What a team's division lets it do; undefined (everything) without one. */
  async divisionRules(gameId: number, divisionId: number | null): Promise<DivisionRules | undefined> {
    if (divisionId === null) return undefined;
    return (await this.#rules.get([gameId])).get(gameId)?.get(divisionId);
  }
}
