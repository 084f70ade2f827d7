// Kysely builds and compiles a query on every run, which on the hot paths (flag submission, judging) costs more than
// the database takes to run it. A prepared query is compiled once, with marked values standing in for its parameters;
// each run only puts the real values in their places. On PostgreSQL each prepared SQL text also runs as a named
// statement (`statementName`), so the server parses and plans it once per connection rather than on every run.
import {
  type AliasedRawBuilder,
  type Compilable,
  type CompiledQuery,
  type Kysely,
  PostgresAdapter,
  type QueryResult,
  sql,
} from 'kysely';
import { inChunks } from './batched.ts';
import type { Database } from './schema.ts';

const markerPrefix = '\u0000pennon-parameter:';

/**
 * Where a parameter's value comes from: a named value of the run, a field of one of its list's items, or that field
 * of every item (an array).
 */
type Slot = { name: string } | { item: number; field: string } | { column: string };

interface Compiled {
  query: CompiledQuery;
  /** Per parameter: its slot, or undefined for a value fixed in the query. */
  slots: (Slot | undefined)[];
}

/**
 * The SQL texts compiled here, each with a statement name of its own. Few: each prepared query is compiled once, or
 * once per list length `inChunks` makes.
 */
const statementNames = new Map<string, string>();

/** The statement name of a SQL text compiled here, or undefined for any other query. */
export const statementName = (sql: string): string | undefined => statementNames.get(sql);

/** Compiles with `marker(slot)` in the place of each value that varies, and finds those places again. */
const compileMarked = (build: (marker: (slot: Slot) => string) => Compilable<unknown>): Compiled => {
  const marked: Slot[] = [];
  const query = build((slot) => `${markerPrefix}${marked.push(slot) - 1}`).compile();
  if (!statementNames.has(query.sql)) statementNames.set(query.sql, `pennon_${statementNames.size}`);
  const slots = query.parameters.map((p) =>
    typeof p === 'string' && p.startsWith(markerPrefix)
      ? marked[Number(p.slice(markerPrefix.length))]
      : undefined,
  );
  return { query, slots };
};

const runCompiled = <R>(
  { query, slots }: Compiled,
  executor: Kysely<Database>,
  values: Record<string, unknown>,
  items: readonly Record<string, unknown>[] = [],
): Promise<QueryResult<R>> => {
  const parameters = query.parameters.map((fixed, i) => {
    const slot = slots[i];
    if (slot === undefined) return fixed;
    if ('name' in slot) return values[slot.name];
    if ('column' in slot) return items.map((item) => item[slot.column]);
    return (items[slot.item] as Record<string, unknown>)[slot.field];
  });
  return executor.executeQuery({ ...query, parameters } as CompiledQuery<R>);
};

const markersOf = <T extends Record<string, unknown>>(shape: T, marker: (field: string) => string): T =>
  Object.fromEntries(Object.keys(shape).map((field) => [field, marker(field)])) as T;

export interface Prepared<P, R> {
  /** Runs the query on the database it was prepared for, or through one of its transactions. */
  run(values: P, executor?: Kysely<Database>): Promise<QueryResult<R>>;
}

/**
 * `shape` names the parameters, its values showing their types (they are never used); `build` gets stand-ins for
 * them. Only values passed as query parameters may come from `params`, never identifiers or SQL keywords.
 */
export const prepare = <P extends Record<string, unknown>, R>(
  db: Kysely<Database>,
  shape: P,
  build: (db: Kysely<Database>, params: P) => Compilable<R>,
): Prepared<P, R> => {
  const compiled = compileMarked((marker) =>
    build(
      db,
      markersOf(shape, (name) => marker({ name })),
    ),
  );
  return { run: (values, executor = db) => runCompiled(compiled, executor, values) };
};

export interface PreparedList<T, R> {
  /** Runs the query for these items (a list cut by `inChunks`), as `Prepared.run` does. */
  run(items: readonly T[], executor?: Kysely<Database>): Promise<QueryResult<R>>;
}

/**
 * A query over a list of items (a multi-row insert, an IN list, a VALUES list), compiled once for each length it
 * meets: cut the lists with `inChunks`, so that only a few lengths occur. `item` shapes one item, as `prepare`'s
 * `shape` does; `build` gets as many stand-in items as the list has.
 */
export const prepareList = <T extends Record<string, unknown>, R>(
  db: Kysely<Database>,
  item: T,
  build: (db: Kysely<Database>, items: T[]) => Compilable<R>,
): PreparedList<T, R> => {
  const byLength = new Map<number, Compiled>();
  const compiledFor = (length: number): Compiled => {
    let compiled = byLength.get(length);
    if (!compiled) {
      compiled = compileMarked((marker) =>
        build(
          db,
          Array.from({ length }, (_, at) => markersOf(item, (field) => marker({ item: at, field }))),
        ),
      );
      byLength.set(length, compiled);
    }
    return compiled;
  };
  return { run: (items, executor = db) => runCompiled(compiledFor(items.length), executor, {}, items) };
};

/** A column of a rows source: its SQL type as PostgreSQL names it, and (for the compiler only) its values' type. */
export type Column<V> = string & { readonly values?: V };

/** The column types the rows sources use. */
export const column = {
  integer: 'integer' as Column<number>,
  bigint: 'bigint' as Column<number>,
  nullableBigint: 'bigint' as Column<number | null>,
  text: 'text' as Column<string>,
  nullableText: 'text' as Column<string | null>,
};

/** One item of a rows source of these columns. */
export type RowOf<C> = { [K in keyof C]: C[K] extends Column<infer V> ? V : never };

/** A list of items as a table `r` whose columns are the items' fields. */
export type RowsSource<T> = AliasedRawBuilder<T, 'r'>;

export interface PreparedRows<T, R> {
  /** Runs the query over all these items (none: not at all), as `Prepared.run` does; answers every row it returned. */
  run(items: readonly T[], executor?: Kysely<Database>): Promise<R[]>;
  /**
   * Runs it all or nothing, and commits: on PostgreSQL its one statement is that already, with no BEGIN and COMMIT
   * round trips around it; on SQLite its statements run in a transaction.
   */
  runAtomically(items: readonly T[]): Promise<R[]>;
}

/**
 * A query over a list of items, written once over the table `rows` (insert from it, update from it, join it). On
 * PostgreSQL the table is `unnest` of one array per column: one statement, prepared once, for a list of any length,
 * so a batch costs one round trip. On SQLite, which has no arrays and no round trips, it is a VALUES list compiled for
 * the few lengths `inChunks` cuts.
 */
export const prepareRows = <C extends Record<string, Column<unknown>>, R>(
  db: Kysely<Database>,
  columns: C,
  build: (db: Kysely<Database>, rows: RowsSource<RowOf<C>>) => Compilable<R>,
): PreparedRows<RowOf<C>, R> => {
  const names = Object.keys(columns);
  const aliases = sql.join(names.map((name) => sql.id(name)));
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const compiled = compileMarked((marker) => {
      const arrays = names.map(
        (name) => sql`cast(${marker({ column: name })} as ${sql.raw(`${columns[name]}[]`)})`,
      );
      return build(db, sql<RowOf<C>>`(select * from unnest(${sql.join(arrays)}) as u(${aliases}))`.as('r'));
    });
    const run = async (items: readonly RowOf<C>[], executor = db) =>
      items.length === 0
        ? []
        : (await runCompiled<R>(compiled, executor, {}, items as readonly Record<string, unknown>[])).rows;
    return { run, runAtomically: (items) => run(items) };
  }
  const list = prepareList(db, columns as Record<string, unknown>, (db, items) => {
    const rows = items.map((item) => sql`(${sql.join(names.map((name) => item[name]))})`);
    const named = names.map((name, at) => sql`${sql.raw(`column${at + 1}`)} as ${sql.id(name)}`);
    return build(db, sql<RowOf<C>>`(select ${sql.join(named)} from (values ${sql.join(rows)}))`.as('r'));
  });
  const run = async (items: readonly RowOf<C>[], executor = db) => {
    const returned: R[] = [];
    for (const chunk of inChunks([...items] as Record<string, unknown>[]))
      returned.push(...(await list.run(chunk, executor)).rows);
    return returned;
  };
  return {
    run,
    runAtomically: async (items) =>
      items.length === 0 ? [] : db.transaction().execute((trx) => run(items, trx)),
  };
};
