// Kysely builds and compiles a query on every run, which on the hot paths (flag submission, judging) costs more than
// the database takes to run it. A prepared query is compiled once, with marked values standing in for its parameters;
// each run only puts the real values in their places.
import type { Compilable, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema.ts';

const markerPrefix = '\u0000pennon-parameter:';

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
  const markers = Object.fromEntries(Object.keys(shape).map((name) => [name, `${markerPrefix}${name}`])) as P;
  const query = build(db, markers).compile();
  const slots = query.parameters.map((p) =>
    typeof p === 'string' && p.startsWith(markerPrefix) ? p.slice(markerPrefix.length) : undefined,
  );
  return {
    run(values, executor = db) {
      const parameters = query.parameters.map((fixed, i) => {
        const slot = slots[i];
        return slot === undefined ? fixed : values[slot];
      });
      return executor.executeQuery({ ...query, parameters });
    },
  };
};
