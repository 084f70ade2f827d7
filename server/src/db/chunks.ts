// Many rows in few statements: a list cut into runs that one multi-row INSERT or `IN (…)` list can bind.

/** Rows per statement: well under the bound parameters SQLite (32,766) and PostgreSQL (65,535) take in one. */
const rowsPerStatement = 500;

/** `items` in runs of at most `rowsPerStatement`, in order. */
export const chunksOf = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / rowsPerStatement) }, (_, index) =>
    items.slice(index * rowsPerStatement, (index + 1) * rowsPerStatement),
  );
