// Every API call resolves its session cookie, and a live session is answered from memory (issue #32: reading it cost
// each call a query). Whatever ends a session or changes its caller must still decide the very next call, on the
// server that made the change and, through the live bus, on another server on the same database (the CLI's
// reset-password too); a change no bus carried is picked up once the kept session is `sessionMaxAgeMs` old.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetPasswordCommand } from '../src/cli/reset-password.ts';
import { ConfigStore } from '../src/services/config-store.ts';
import { SessionStore, sessionMaxAgeMs } from '../src/services/sessions.ts';
import { readSettings } from '../src/settings.ts';
import { gameClient, heardOn, type Player, signInAdmin } from './games/helpers.ts';
import { asUser, signedIn } from './support/accounts.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { withAndWithoutRedis } from './support/databases.ts';
import { lastMail, linkBody, tempDataDir } from './support/outbox.ts';

describe.each(withAndWithoutRedis())('kept sessions on $name', ({ kind, env }) => {
  let t: TestApp;
  /** A second server on the database, where a bus joins the processes (one SQLite process keeps it to itself). */
  let other: FastifyInstance | undefined;
  let servers: FastifyInstance[];
  let admin: string;
  const dataDir = tempDataDir();

  beforeAll(async () => {
    t = await startTestApp(kind, { ...env, PENNON_DATA_DIR: dataDir });
    if (kind.name === 'postgres' || 'PENNON_REDIS_URL' in env) other = await t.reopen();
    servers = [t.app, ...(other ? [other] : [])];
    admin = await signInAdmin(t.app, t.connection.db);
    // Passwords are reset by mail only where addresses are confirmed.
    const config = new ConfigStore(t.connection.db, 'Default');
    const { accountPolicy } = await config.read();
    await config.update({ accountPolicy: { ...accountPolicy, emailConfirmationRequired: true } });
  }, 60_000);
  afterAll(async () => t?.close());

  const c = () => gameClient(t.app);
  /** A call that reads nothing of the user: its session alone decides it. */
  const call = (app: FastifyInstance, token: string, url = '/api/team') =>
    app.inject({ url, ...asUser(token) });
  /** The status of the next call with the token, on each server in turn. */
  const statuses = async (token: string, url?: string) => {
    const found: number[] = [];
    for (const app of servers) found.push((await call(app, token, url)).statusCode);
    return found;
  };
  const everywhere = (status: number) => servers.map(() => status);

  /** A new player whose session every server has resolved once, so each keeps it. */
  const keptPlayer = async (name: string): Promise<Player> => {
    const player = await c().signUp(name);
    expect(await statuses(player.token)).toEqual(everywhere(200));
    return player;
  };

  /** Makes the change on the first server; resolves once the other has heard of it (or after a second). */
  const changed = async (change: () => Promise<unknown>) => {
    const heard = heardOn(other, 'sessions', 1000);
    await change();
    await heard;
  };

  it('reads no session for the calls that follow the first', async () => {
    const player = await keptPlayer('amy');
    const reads = vi.spyOn(SessionStore.prototype as unknown as { read(): Promise<unknown> }, 'read');
    try {
      for (let i = 0; i < 3; i++) expect(await statuses(player.token)).toEqual(everywhere(200));
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });

  it('refuses the next call after a sign-out', async () => {
    const player = await keptPlayer('bob');
    await changed(() => c().ok(player.token, 'POST', '/api/account/logout'));
    expect(await statuses(player.token)).toEqual(everywhere(401));
  });

  it('ends the other sessions at a password change, and keeps the one that made it', async () => {
    const player = await keptPlayer('cat');
    const otherDevice = await signedIn(t.app, 'cat', 'Secret123');
    expect(await statuses(otherDevice)).toEqual(everywhere(200));
    await changed(() =>
      c().ok(player.token, 'PUT', '/api/account/changepassword', { old: 'Secret123', new: 'Changed123' }),
    );
    expect(await statuses(otherDevice)).toEqual(everywhere(401));
    expect(await statuses(player.token)).toEqual(everywhere(200));
  });

  it('ends every session at a password reset by mail', async () => {
    const player = await keptPlayer('dan');
    await c().ok(null, 'POST', '/api/account/recovery', { email: 'dan@example.com' });
    const { token, email } = linkBody(lastMail(dataDir, 'dan@example.com').link);
    await changed(() =>
      c().ok(null, 'POST', '/api/account/passwordreset', { password: 'Newpass123', email, rToken: token }),
    );
    expect(await statuses(player.token)).toEqual(everywhere(401));
  });

  it("ends every session at an admin's password reset", async () => {
    const player = await keptPlayer('eve');
    await changed(() => c().ok(admin, 'DELETE', `/api/admin/users/${player.id}/password`));
    expect(await statuses(player.token)).toEqual(everywhere(401));
  });

  it('refuses the next call of a user an admin bans, and of one an admin demotes', async () => {
    const player = await keptPlayer('fay');
    await changed(() => c().ok(admin, 'PUT', `/api/admin/users/${player.id}`, { role: 'Banned' }));
    expect(await statuses(player.token)).toEqual(everywhere(403));
    await changed(() => c().ok(admin, 'PUT', `/api/admin/users/${player.id}`, { role: 'Admin' }));
    expect(await statuses(player.token, '/api/admin/users')).toEqual(everywhere(200));
    await changed(() => c().ok(admin, 'PUT', `/api/admin/users/${player.id}`, { role: 'User' }));
    expect(await statuses(player.token, '/api/admin/users')).toEqual(everywhere(403));
  });

  it('refuses the next call of a deleted user', async () => {
    const player = await keptPlayer('gus');
    await changed(() => c().ok(admin, 'DELETE', `/api/admin/users/${player.id}`));
    expect(await statuses(player.token)).toEqual(everywhere(401));
  });

  // A SQLite server hears the CLI through the database (live/sqlite-bus.ts).
  it("ends every session at the CLI's reset-password, through the bus", async () => {
    const player = await keptPlayer('ida');
    const settings = readSettings({
      ...env,
      PENNON_DATA_DIR: dataDir,
      PENNON_DATABASE_URL: t.database.url,
    });
    const printed = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      const heard = Promise.all(servers.map((app) => heardOn(app, 'sessions')));
      await resetPasswordCommand.run({ values: {}, positionals: ['ida'], settings });
      await heard;
    } finally {
      printed.mockRestore();
    }
    expect(await statuses(player.token)).toEqual(everywhere(401));
  });

  it('picks up a revocation that no bus carried once the kept session is old enough', async () => {
    const player = await keptPlayer('hal');
    let clock = Date.now();
    const kept = new SessionStore(t.connection.db, () => clock);
    expect((await kept.resolve(player.token, '10.0.0.1'))?.caller.id).toBe(player.id);
    // As a change written to the database by other means: a process of its own, with no bus.
    await new SessionStore(t.connection.db).revokeOthers(player.id, null);
    clock += sessionMaxAgeMs - 1;
    expect(await kept.resolve(player.token, '10.0.0.1')).not.toBeNull();
    clock += 1;
    expect(await kept.resolve(player.token, '10.0.0.1')).toBeNull();
    await kept.flushed();
  });
});
