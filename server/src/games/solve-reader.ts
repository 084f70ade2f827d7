// A game's first solves, as the scoreboard reads them for every rebuild: in full the first time, then only the solves
// added since. A big game's rebuild follows each new solve, and reading all 100,000 solves of the biggest took over
// half of it on PostgreSQL, to find one more.
//
// What makes that safe: solves are only ever inserted (by the judge) or deleted (with their game, participation,
// challenge or submission); their submission id is theirs for good (never reused), their blood is set in the
// transaction that inserts them, and of their columns only the solver changes, to none when the account is
// deleted, which the names, read afresh each time, show as well. So the solves known are still all there, and
// nothing else is, while their count and the sum of their submission ids are unchanged; a solve committed late
// with a lower id (two processes judging at once), or one deleted, changes both.

import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ScoringSolves } from './scoring.ts';

/** The solves of a game as read, in columns, and what tells whether they are still all there. */
interface Known {
  participationId: number[];
  challengeId: number[];
  submissionId: number[];
  time: number[];
  blood: (number | null)[];
  /** Each solve's solver, as an index into `solvers` (-1: none). */
  solver: number[];
  /** The solvers' user ids, each once. */
  solvers: string[];
  indexOf: Map<string, number>;
  /** The highest submission id among them, and their count and sum. */
  last: number;
  count: number;
  sum: number;
}

/** A solver as a full read finds them: `key` is what stands for them in its column of solvers. */
interface Solver {
  key: string | number;
  id: string;
  name: string;
}

/** The games whose solves are kept, least recently read first out: the big games a process renders are few. */
const keptGames = 8;

export class SolveReader {
  readonly #known = new Map<number, Known>();

  constructor(private readonly db: Kysely<Database>) {}

  /** Every first solve of the game, in columns (the order they were stored in, about submit order). */
  async read(gameId: number): Promise<ScoringSolves> {
    const earlier = this.#known.get(gameId);
    const added = earlier && (await this.added(gameId, earlier));
    const { known, names } = added
      ? { known: added, names: await this.namesOf(added.solvers) }
      : await this.all(gameId);
    this.#known.delete(gameId);
    this.#known.set(gameId, known);
    if (this.#known.size > keptGames) this.#known.delete(this.#known.keys().next().value as number);
    return {
      participationId: known.participationId,
      challengeId: known.challengeId,
      submissionId: known.submissionId,
      time: known.time,
      blood: known.blood,
      userName: known.solver.map((k) => (k < 0 ? null : (names[k] ?? null))),
    };
  }

  /** Undefined when the solves known are no longer all there, or others came in among them. */
  private async added(gameId: number, known: Known): Promise<Known | undefined> {
    const kept = await this.db
      .selectFrom('solves')
      .select([
        (eb) => eb.fn.countAll<number>().as('count'),
        (eb) => eb.fn.coalesce(eb.fn.sum<number>('submission_id'), sql.lit(0)).as('sum'),
      ])
      .where('game_id', '=', gameId)
      .where('submission_id', '<=', known.last)
      .executeTakeFirstOrThrow();
    if (Number(kept.count) !== known.count || Number(kept.sum) !== known.sum) return undefined;
    const added = await this.db
      .selectFrom('solves')
      .select(['participation_id', 'challenge_id', 'submission_id', 'time', 'blood', 'user_id'])
      .where('game_id', '=', gameId)
      .where('submission_id', '>', known.last)
      .orderBy('submission_id')
      .execute();
    if (added.length === 0) return known;
    // New arrays and maps: a render still using the old ones keeps them as they were.
    const solvers = [...known.solvers];
    const indexOf = new Map(known.indexOf);
    const solverOf = (id: string | null) => {
      if (id === null) return -1;
      let k = indexOf.get(id);
      if (k === undefined) {
        k = solvers.push(id) - 1;
        indexOf.set(id, k);
      }
      return k;
    };
    return {
      participationId: known.participationId.concat(added.map((s) => s.participation_id)),
      challengeId: known.challengeId.concat(added.map((s) => s.challenge_id)),
      submissionId: known.submissionId.concat(added.map((s) => s.submission_id)),
      time: known.time.concat(added.map((s) => s.time)),
      blood: known.blood.concat(added.map((s) => s.blood)),
      solver: known.solver.concat(added.map((s) => solverOf(s.user_id))),
      solvers,
      indexOf,
      last: (added.at(-1) as { submission_id: number }).submission_id,
      count: known.count + added.length,
      sum: added.reduce((sum, s) => sum + s.submission_id, known.sum),
    };
  }

  /**
   * One JSON array per column, built by the database: reading 100,000 rows one object at a time costs several times
   * more than parsing a few texts, and arrays of numbers parse into flat storage where tuples or objects make
   * 100,000 small allocations. A solver comes as something short that names them within this read (100,000 user ids
   * of 36 characters doubled the time PostgreSQL took): their name on PostgreSQL, with each solver's id and name
   * from the same statement, so the same moment; their row number on SQLite, then each row's id and name.
   */
  private async all(gameId: number): Promise<{ known: Known; names: string[] }> {
    const postgres = this.postgres();
    const column = (name: string) =>
      sql.raw<string>(postgres ? `coalesce(json_agg(${name}), '[]'::json)` : `json_group_array(${name})`);
    const row = await this.db
      .selectFrom('solves')
      .leftJoin('users', 'users.id', 'solves.user_id')
      .select([
        column('solves.participation_id').as('participationId'),
        column('solves.challenge_id').as('challengeId'),
        column('solves.submission_id').as('submissionId'),
        column('solves.time').as('time'),
        column('solves.blood').as('blood'),
        column(postgres ? 'users.user_name' : 'users.rowid').as('solvers'),
      ])
      .$if(postgres, (q) =>
        q.select(
          sql<string>`(SELECT coalesce(json_agg(json_build_array(u.id, u.user_name)), '[]'::json) FROM users u
            WHERE u.id IN (SELECT user_id FROM solves WHERE game_id = ${gameId}))`.as('named'),
        ),
      )
      .where('solves.game_id', '=', gameId)
      .executeTakeFirstOrThrow();
    // PostgreSQL's driver parses json itself; SQLite hands over the text.
    const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
    const keys: (string | number | null)[] = parse(row.solvers);
    // Each solver once, with what stands for them in `keys`.
    const named: Solver[] = postgres
      ? (parse((row as { named?: unknown }).named) as [string, string][]).map(([id, name]) => ({
          key: name,
          id,
          name,
        }))
      : await this.rowsOf(keys as (number | null)[]);
    const at = new Map(named.map(({ key }, k) => [key, k]));
    const solvers = named.map(({ id }) => id);
    const submissionId: number[] = parse(row.submissionId);
    return {
      known: {
        participationId: parse(row.participationId),
        challengeId: parse(row.challengeId),
        submissionId,
        time: parse(row.time),
        blood: parse(row.blood),
        solver: keys.map((key) => (key === null ? -1 : (at.get(key) ?? -1))),
        solvers,
        indexOf: new Map(solvers.map((id, k) => [id, k])),
        last: submissionId.reduce((a, b) => Math.max(a, b), 0),
        count: submissionId.length,
        sum: submissionId.reduce((a, b) => a + b, 0),
      },
      names: named.map(({ name }) => name),
    };
  }

  /** On SQLite: the solvers' row numbers, each with its row's id and name. */
  private async rowsOf(keys: (number | null)[]): Promise<Solver[]> {
    const distinct = [...new Set(keys)].filter((r) => r !== null);
    const { rows } = await sql<{ row: number; id: string; name: string }>`
      SELECT users.rowid AS row, users.id AS id, users.user_name AS name
      FROM json_each(${JSON.stringify(distinct)}) AS wanted JOIN users ON users.rowid = wanted.value`.execute(
      this.db,
    );
    return rows.map((u) => ({ key: u.row, id: u.id, name: u.name }));
  }

  /** The solvers' names as they are now (read for every rebuild, as names change), by index. */
  private async namesOf(solvers: string[]): Promise<(string | null)[]> {
    if (solvers.length === 0) return [];
    const wanted = this.postgres()
      ? sql<string>`(SELECT unnest(${solvers}::varchar[]))`
      : sql<string>`(SELECT value FROM json_each(${JSON.stringify(solvers)}))`;
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'user_name'])
      .where('id', 'in', wanted)
      .execute();
    const nameOf = new Map(rows.map((u) => [u.id, u.user_name]));
    // A deleted account's solves have no solver by now, or will have once its deletion commits.
    return solvers.map((id) => nameOf.get(id) ?? null);
  }

  private postgres(): boolean {
    return this.db.getExecutor().adapter instanceof PostgresAdapter;
  }
}
