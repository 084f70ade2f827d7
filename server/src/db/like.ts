// A case-insensitive "contains" that reads the same on SQLite and PostgreSQL: PostgreSQL's LIKE is case-sensitive
// and SQLite's LIKE has no default escape character, so both sides are lower-cased and the escape is explicit.
// (SQLite's lower() folds only ASCII letters.)
import { type RawBuilder, sql } from 'kysely';

export const containsText = (column: string, text: string): RawBuilder<boolean> => {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
};
