// Prepared queries put each run's values in the places their stand-ins took: the rows written and read are those
// given, for every list length, on both databases. On PostgreSQL they are named statements, parsed and planned once
// per connection.
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batched, inChunks } from '../src/db/batched.ts';
import { connect, migrate } from '../src/db/database.ts';
import { column, prepare, prepareList, prepareRows } from '../src/db/prepared.ts';
import type { Database } from '../src/db/schema.ts';
import { databaseKinds, type TestDatabase } from './support/databases.ts';

describe.each(databaseKinds())('prepared queries on $name', (kind) => {
  let database: TestDatabase;
  let db: Kysely<Database>;

  beforeAll(async () => {
    database = await kind.create();
    db = connect(database.url).db;
    await migrate(db);
  });

  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('writes and reads lists of several lengths, each value in its own place', async () => {
    const insert = prepareList(db, { key: '', value: '' }, (db, rows) =>
      db.insertInto('config').values(rows).returning('key'),
    );
    const read = prepareList(db, { key: '' }, (db, keys) =>
      db
        .selectFrom('config')
        .select(['key', 'value'])
        .where(
          'key',
          'in',
          keys.map((k) => k.key),
        )
        .orderBy('key'),
    );
    const rows = Array.from({ length: 13 }, (_, i) => ({
      key: `prepared-${String(i).padStart(2, '0')}`,
      value: `value ${i}`,
    }));
    // 13 = 8 + 4 + 1: three lengths, compiled in the first round and reused in the second; 3 rows, two more.
    for (const round of [rows, rows.slice(0, 3).map((r) => ({ ...r, value: `again ${r.value}` }))]) {
      await db.deleteFrom('config').where('key', 'like', 'prepared-%').execute();
      const written: string[] = [];
      for (const chunk of inChunks(round)) written.push(...(await insert.run(chunk)).rows.map((r) => r.key));
      expect(written.sort()).toEqual(round.map((r) => r.key));
      const found = [];
      for (const chunk of inChunks([...round].reverse().map(({ key }) => ({ key }))))
        found.push(...(await read.run(chunk)).rows);
      expect(found.sort((a, b) => a.key.localeCompare(b.key))).toEqual(round);
    }
  });

  it('writes and reads lists of any length from a rows source, any text in its own place', async () => {
    const insert = prepareRows(db, { key: column.text, value: column.text }, (db, rows) =>
      db
        .insertInto('config')
        .columns(['key', 'value'])
        .expression(db.selectFrom(rows).select(['key', 'value']))
        .returning('key'),
    );
    const read = prepareRows(db, { key: column.text }, (db, keys) =>
      db
        .selectFrom('config')
        .select(['key', 'value'])
        .where('key', 'in', db.selectFrom(keys).select('r.key'))
        .orderBy('key'),
    );
    // What an array literal or a VALUES list could mistake for syntax.
    const awkward = ['NULL', '', 'a,b', '{c}', '"quoted"', 'back\\slash', "it's", 'ünï 🚩'];
    for (const length of [1, 13, 300]) {
      await db.deleteFrom('config').where('key', 'like', 'rows-%').execute();
      const rows = Array.from({ length }, (_, i) => ({
        key: `rows-${String(i).padStart(3, '0')}`,
        value: awkward[i % awkward.length] as string,
      }));
      const written = (await insert.run(rows)).map((r) => r.key);
      expect(written.sort()).toEqual(rows.map((r) => r.key));
      const found = await read.run([...rows].reverse().map(({ key }) => ({ key })));
      expect(found.sort((a, b) => a.key.localeCompare(b.key))).toEqual(rows);
    }
    expect(await insert.run([])).toEqual([]);
  });

  it('writes all of a list from a rows source or none of it', async () => {
    const insert = prepareRows(db, { key: column.text, value: column.text }, (db, rows) =>
      db
        .insertInto('config')
        .columns(['key', 'value'])
        .expression(db.selectFrom(rows).select(['key', 'value'])),
    );
    // 13 rows, the last a repeat of the first: on SQLite the third statement fails, after two have run.
    const rows = Array.from({ length: 13 }, (_, i) => ({ key: `atomic-${i % 12}`, value: `${i}` }));
    await expect(insert.runAtomically(rows)).rejects.toThrow();
    const left = await db.selectFrom('config').select('key').where('key', 'like', 'atomic-%').execute();
    expect(left).toEqual([]);
    await insert.runAtomically(rows.slice(0, 12));
    const written = await db.selectFrom('config').select('key').where('key', 'like', 'atomic-%').execute();
    expect(written).toHaveLength(12);
  });

  it('stores the rest of a batch when one of its items breaks a constraint', async () => {
    const insert = prepareRows(db, { key: column.text, value: column.text }, (db, rows) =>
      db
        .insertInto('config')
        .columns(['key', 'value'])
        .expression(db.selectFrom(rows).select(['key', 'value'])),
    );
    const store = batched(async (rows: { key: string; value: string }[]) => {
      await insert.runAtomically(rows);
      return rows.map((row) => row.key);
    });
    await db.insertInto('config').values({ key: 'batch-taken', value: 'first' }).execute();
    const keys = ['batch-1', 'batch-taken', 'batch-2', 'batch-3'];
    // Called together: one batch, which fails as a whole and is then written item by item.
    const results = await Promise.allSettled(keys.map((key) => store({ key, value: 'again' })));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const stored = await db
      .selectFrom('config')
      .select(['key', 'value'])
      .where('key', 'like', 'batch-%')
      .orderBy('key')
      .execute();
    expect(stored).toEqual([
      { key: 'batch-1', value: 'again' },
      { key: 'batch-2', value: 'again' },
      { key: 'batch-3', value: 'again' },
      { key: 'batch-taken', value: 'first' },
    ]);
  });

  it('runs through a transaction it is given, which a rollback undoes', async () => {
    const insert = prepare(db, { key: '', value: '' }, (db, row) => db.insertInto('config').values(row));
    await db
      .transaction()
      .execute(async (trx) => {
        await insert.run({ key: 'prepared-rolled-back', value: 'x' }, trx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const left = await db
      .selectFrom('config')
      .select('key')
      .where('key', '=', 'prepared-rolled-back')
      .execute();
    expect(left).toEqual([]);
  });

  it.runIf(kind.name === 'postgres')(
    'runs a rows source as one kept statement on PostgreSQL, whatever the list length',
    async () => {
      const read = prepareRows(db, { key: column.text }, (db, keys) =>
        db
          .selectFrom('config')
          .select('value as probed')
          .where('key', 'in', db.selectFrom(keys).select('r.key')),
      );
      const runs = await db.connection().execute(async (connection) => {
        for (const length of [1, 2, 3, 100, 257])
          await read.run(
            Array.from({ length }, (_, i) => ({ key: `rows-${i}` })),
            connection,
          );
        const { rows } = await sql<{ statement: string; runs: string }>`
          select statement, generic_plans + custom_plans as runs from pg_prepared_statements
          where statement like '%probed%'`.execute(connection);
        return rows.map((s) => Number(s.runs));
      });
      // Five lists of five lengths, one statement, one round trip each.
      expect(runs).toEqual([5]);
    },
  );

  it.runIf(kind.name === 'postgres')(
    'is kept and reused by the PostgreSQL connection, unlike other queries',
    async () => {
      const build = (db: Kysely<Database>, q: { key: string }) =>
        db.selectFrom('config').select('value').where('key', '=', q.key);
      const read = prepare(db, { key: '' }, build);
      const adHoc = (db: Kysely<Database>) =>
        db.selectFrom('config').select('key').where('value', '=', 'ad hoc');
      // Each execution of a kept statement is planned anew (custom) or not (generic): together, its runs.
      const keptStatements = sql<{ statement: string; runs: string }>`
        select statement, generic_plans + custom_plans as runs from pg_prepared_statements`;
      const kept = await db.connection().execute(async (connection) => {
        for (let run = 0; run < 3; run++) await read.run({ key: `prepared-${run}` }, connection);
        await adHoc(connection).execute();
        const { rows } = await keptStatements.execute(connection);
        return new Map(rows.map((s) => [s.statement, Number(s.runs)]));
      });
      // One statement, run three times; the other query left nothing behind.
      expect(kept.get(build(db, { key: '' }).compile().sql)).toBe(3);
      expect(kept.has(adHoc(db).compile().sql)).toBe(false);
    },
  );
});
