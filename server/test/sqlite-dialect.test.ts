// The SQLite connection goes to whoever asked first: a query never waits behind one that arrived after it.
import { describe, expect, it } from 'vitest';
import { connect } from '../src/db/database.ts';
import { ArrivalOrderLock } from '../src/db/sqlite-dialect.ts';

describe('ArrivalOrderLock', () => {
  it('hands the lock over in arrival order, even to one arriving as it is released', async () => {
    const lock = new ArrivalOrderLock();
    const order: string[] = [];
    await lock.acquire();
    const waiting = ['b', 'c'].map((name) => lock.acquire().then(() => order.push(name)));
    lock.release();
    // Arrives between the release and the waiter's wake-up: Kysely's own lock would let it in first.
    const late = lock.acquire().then(() => order.push('late'));
    await waiting[0];
    lock.release();
    await waiting[1];
    lock.release();
    await late;
    expect(order).toEqual(['b', 'c', 'late']);
  });
});

describe('SQLite queries under contention', () => {
  it('wait for a transaction to end, then run in the order they were issued', async () => {
    const { db } = connect('sqlite::memory:');
    const order: number[] = [];
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => {
      inside = resolve;
    });
    let finish!: () => void;
    const transaction = db.transaction().execute(async (trx) => {
      inside();
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      await trx.selectNoFrom((eb) => eb.val(0).as('n')).execute();
    });
    await entered;
    const queries = Array.from({ length: 20 }, (_, n) =>
      db
        .selectNoFrom((eb) => eb.val(n).as('n'))
        .execute()
        .then(() => order.push(n)),
    );
    finish();
    await Promise.all([transaction, ...queries]);
    expect(order).toEqual(Array.from({ length: 20 }, (_, n) => n));
    await db.destroy();
  });
});
