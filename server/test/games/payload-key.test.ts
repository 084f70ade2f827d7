// Every flag submission needs the payload key (§1.8), to decrypt the flag while encryption is on. It is kept in
// memory (issue #32: reading the configuration cost each flag a query), so turning encryption on or off must still
// decide the very next flag, on the server that made the edit and, through the live bus, on another server on the
// same database; an edit no bus carries is picked up once the kept key is `keyMaxAgeMs` old.
import { encryptPayload, importPlatformKey } from '@pennon/sdk';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigStore, keyMaxAgeMs } from '../../src/services/config-store.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { withAndWithoutRedis } from '../support/databases.ts';
import {
  gameBody,
  gameClient,
  heardOn,
  type Player,
  playerOnEachServer,
  signInAdmin,
  verdictOn,
} from './helpers.ts';

describe.each(withAndWithoutRedis())('the payload key on $name', ({ kind, env }) => {
  let t: TestApp;
  /** A second server on the database, where a bus joins the processes (one SQLite process keeps it to itself). */
  let other: FastifyInstance | undefined;
  let admin: string;
  let gameId: number;
  let challengeId: number;
  /** Each server with the player who plays on it. */
  let players: [FastifyInstance, Player][];

  beforeAll(async () => {
    t = await startTestApp(kind, env);
    if (kind.name === 'postgres' || 'PENNON_REDIS_URL' in env) other = await t.reopen();
    admin = await signInAdmin(t.app, t.connection.db);
    const c = gameClient(t.app);
    gameId = (await c.ok(admin, 'POST', '/api/edit/games', gameBody({ acceptWithoutReview: true }))).id;
    const edit = `/api/edit/games/${gameId}/challenges`;
    challengeId = (
      await c.ok(admin, 'POST', edit, { title: 'Seal', type: 'StaticAttachment', category: 'Misc' })
    ).id;
    await c.ok(admin, 'POST', `${edit}/${challengeId}/flags`, [{ flag: 'flag{seal}' }]);
    await c.ok(admin, 'PUT', `${edit}/${challengeId}`, { isEnabled: true });
    players = await playerOnEachServer([t.app, ...(other ? [other] : [])], gameId);
  }, 60_000);
  afterAll(async () => t?.close());

  const submit = (app: FastifyInstance, who: Player, flag: string) =>
    verdictOn(app, who, `/api/game/${gameId}/challenges/${challengeId}`, flag);

  /**
   * Turns encryption on or off on the first server; resolves once the other server has heard of it too, or after
   * a second without word (the flags then tell what it missed).
   */
  const setEncryption = async (on: boolean) => {
    const heard = heardOn(other, 'config', 1000);
    const c = gameClient(t.app);
    const { globalConfig } = await c.ok(admin, 'GET', '/api/admin/config');
    await c.ok(admin, 'PUT', '/api/admin/config', { globalConfig: { ...globalConfig, apiEncryption: on } });
    await heard;
  };

  it('reads no configuration for the flags that follow the first', async () => {
    const [app, who] = players[0] as [FastifyInstance, Player];
    expect(await submit(app, who, 'flag{first}')).toBe('WrongAnswer');
    const reads = vi.spyOn(ConfigStore.prototype as unknown as { rows(): Promise<unknown> }, 'rows');
    try {
      for (const flag of ['flag{second}', 'flag{third}', 'flag{fourth}']) {
        expect(await submit(app, who, flag)).toBe('WrongAnswer');
      }
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });

  it('decrypts the next flag once encryption is turned on, and reads it plain once off, on every server', async () => {
    // Each server takes a plain flag first, so it keeps the key as it was: none.
    for (const [app, who] of players) expect(await submit(app, who, 'flag{nope}')).toBe('WrongAnswer');
    await setEncryption(true);
    try {
      const publicKey = (await gameClient(t.app).ok(null, 'GET', '/api/config')).apiPublicKey as string;
      const key = await importPlatformKey(publicKey);
      for (const [app, who] of players) {
        expect(await submit(app, who, await encryptPayload(key, 'flag{seal}'))).toBe('Accepted');
      }
    } finally {
      await setEncryption(false);
    }
    for (const [app, who] of players) expect(await submit(app, who, 'flag{nope}')).toBe('WrongAnswer');
  });

  it('picks up an edit that no bus carried once the kept key is old enough', async () => {
    let clock = Date.now();
    const kept = new ConfigStore(t.connection.db, 'Default', undefined, () => clock);
    const editor = new ConfigStore(t.connection.db, 'Default');
    expect(await kept.encryptionKey()).toBeUndefined();
    const { globalConfig } = await editor.read();
    await editor.update({ globalConfig: { ...globalConfig, apiEncryption: true } });
    try {
      clock += keyMaxAgeMs - 1;
      expect(await kept.encryptionKey()).toBeUndefined();
      clock += 1;
      expect(await kept.encryptionKey()).toEqual(await editor.encryptionKey());
      expect(await kept.encryptionKey()).toBeDefined();
    } finally {
      await editor.update({ globalConfig: { ...globalConfig, apiEncryption: false } });
    }
  });
});
