// The sliding 7-day lifetime of sessions and the throttled visit record, on a clock the test controls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/services/passwords.ts';
import { SessionStore, sessionLifetimeMs } from '../src/services/sessions.ts';
import { UserStore } from '../src/services/users.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';

const day = 86_400_000;

describe.each(databaseKinds())('sessions on $name', (kind) => {
  let t: TestApp;
  let now = Date.UTC(2030, 0, 1);
  let sessions: SessionStore;
  let userId: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    sessions = new SessionStore(t.connection.db, () => now);
    const user = await new UserStore(t.connection.db).create({
      userName: 'grace',
      email: 'grace@example.com',
      passwordHash: await hashPassword('Secret123'),
      role: 'User',
      emailConfirmed: true,
    });
    userId = user.id;
  });
  afterAll(async () => t?.close());

  /** New users, each signed in once from 10.0.0.1; `admin` names the one who is an Admin. */
  const signedIn = (names: string[], admin?: string) =>
    Promise.all(
      names.map(async (name) => {
        const user = await new UserStore(t.connection.db).create({
          userName: name,
          email: `${name}@example.com`,
          passwordHash: 'x',
          role: name === admin ? 'Admin' : 'User',
          emailConfirmed: true,
        });
        return { userId: user.id, ...(await sessions.start(user.id, { ip: '10.0.0.1', userAgent: 'test' })) };
      }),
    );

  const visited = async () =>
    t.connection.db
      .selectFrom('users')
      .select(['last_visited_utc', 'ip'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();

  it('slides the expiry once half the lifetime has passed, and expires after 7 idle days', async () => {
    const { token, expiresAt } = await sessions.start(userId, { ip: '10.0.0.1', userAgent: 'test' });
    expect(expiresAt).toBe(now + sessionLifetimeMs);
    expect(await visited()).toEqual({ last_visited_utc: now, ip: '10.0.0.1' });

    now += 2 * day;
    expect((await sessions.resolve(token, '10.0.0.2'))?.renewedUntil).toBeNull();
    now += 2 * day;
    const renewed = await sessions.resolve(token, '10.0.0.2');
    expect(renewed?.caller).toEqual({ id: userId, userName: 'grace', role: 'User' });
    expect(renewed?.renewedUntil).toBe(now + sessionLifetimeMs);
    await sessions.flushed();

    now += sessionLifetimeMs - 1;
    expect(await sessions.resolve(token, '10.0.0.2')).not.toBeNull();
    now += sessionLifetimeMs;
    expect(await sessions.resolve(token, '10.0.0.2')).toBeNull();
    expect(await t.connection.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });

  it('records a visit at most every 5 seconds', async () => {
    const { token } = await sessions.start(userId, { ip: '10.0.0.1', userAgent: 'test' });
    const started = now;
    now += 4000;
    await sessions.resolve(token, '10.0.0.9');
    await sessions.flushed();
    expect(await visited()).toEqual({ last_visited_utc: started, ip: '10.0.0.1' });
    now += 1000;
    await sessions.resolve(token, '10.0.0.9');
    await sessions.flushed();
    expect(await visited()).toEqual({ last_visited_utc: now, ip: '10.0.0.9' });
  });

  it('records the visits of many sessions resolved at once, each with its own time, address and renewal', async () => {
    const people = await signedIn(['barbara', 'donald', 'frances']);
    const [barbara, donald, frances] = people as [
      (typeof people)[number],
      (typeof people)[number],
      (typeof people)[number],
    ];
    // Donald's session is four days older, so this visit falls in its second half and extends it.
    await t.connection.db
      .updateTable('sessions')
      .set({ expires_at: donald.expiresAt - 4 * day })
      .where('user_id', '=', donald.userId)
      .execute();
    now += 6000;
    const resolved = await Promise.all([
      sessions.resolve(barbara.token, '10.0.1.1'),
      sessions.resolve(donald.token, '10.0.1.2'),
      sessions.resolve(donald.token, '10.0.1.2'),
      sessions.resolve(frances.token, '10.0.1.3'),
    ]);
    expect(resolved.map((r) => r?.renewedUntil)).toEqual([
      null,
      now + sessionLifetimeMs,
      now + sessionLifetimeMs,
      null,
    ]);
    await sessions.flushed();
    const rows = await t.connection.db
      .selectFrom('users')
      .innerJoin('sessions', 'sessions.user_id', 'users.id')
      .select([
        'users.id',
        'users.last_visited_utc',
        'users.ip',
        'sessions.last_seen_at',
        'sessions.expires_at',
      ])
      .where(
        'users.id',
        'in',
        people.map((p) => p.userId),
      )
      .execute();
    const byUser = new Map(rows.map((row) => [row.id, row]));
    expect(people.map((p) => byUser.get(p.userId))).toEqual([
      {
        id: barbara.userId,
        last_visited_utc: now,
        ip: '10.0.1.1',
        last_seen_at: now,
        expires_at: barbara.expiresAt,
      },
      {
        id: donald.userId,
        last_visited_utc: now,
        ip: '10.0.1.2',
        last_seen_at: now,
        expires_at: now + sessionLifetimeMs,
      },
      {
        id: frances.userId,
        last_visited_utc: now,
        ip: '10.0.1.3',
        last_seen_at: now,
        expires_at: frances.expiresAt,
      },
    ]);
  });

  // On SQLite a write waiting for a lock holds the whole process (its driver is synchronous): nothing to tell apart.
  it.runIf(kind.name === 'postgres')('answers a request while its visit waits to be written', async () => {
    const { token } = await sessions.start(userId, { ip: '10.0.0.1', userAgent: 'test' });
    // Another transaction holds the user's row, as an admin's edit of it would.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = t.connection.db.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
      locked();
      await held;
    });
    await lockTaken;
    now += 6000;
    try {
      const answered = await Promise.race([
        sessions.resolve(token, '10.0.0.7'),
        new Promise((resolve) => setTimeout(() => resolve('waited for the visit'), 3000)),
      ]);
      expect(answered).toMatchObject({ caller: { id: userId, userName: 'grace' } });
    } finally {
      release();
      await holder;
    }
    await sessions.flushed();
    expect(await visited()).toEqual({ last_visited_utc: now, ip: '10.0.0.7' });
  });

  it('answers each of many sessions resolved at once with its own caller (one lookup for them all)', async () => {
    const people = await signedIn(['ada', 'alan', 'edsger'], 'ada');
    const asked = [...people, ...people].map((p) => p.token);
    const resolved = await Promise.all([
      ...asked.map((token) => sessions.resolve(token, '10.0.0.1')),
      sessions.resolve('not-a-session', '10.0.0.1'),
    ]);
    expect(resolved.map((r) => r && [r.caller.userName, r.caller.role])).toEqual([
      ['ada', 'Admin'],
      ['alan', 'User'],
      ['edsger', 'User'],
      ['ada', 'Admin'],
      ['alan', 'User'],
      ['edsger', 'User'],
      null,
    ]);
  });
});
