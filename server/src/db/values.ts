import { type RawBuilder, sql } from 'kysely';

/**
 * Rows of values as a VALUES table, to join or update from in one statement: its columns are `column1`, `column2`…
 * on both engines. Each value is cast to its column's type, which PostgreSQL could not tell from a parameter.
 */
export const valuesTable = <T>(
  rows: readonly (readonly unknown[])[],
  types: readonly string[],
): RawBuilder<T> =>
  sql<T>`(values ${sql.join(
    rows.map(
      (row) =>
        sql`(${sql.join(row.map((value, at) => sql`cast(${value} as ${sql.raw(types[at] as string)})`))})`,
    ),
  )})`;
