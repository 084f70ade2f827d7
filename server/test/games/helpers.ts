// An admin, players with teams, and games built through the API, for the game suites.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { seedAdmin } from '../../src/services/admin-seed.ts';
import { asUser, register, sessionToken, signedIn } from '../support/accounts.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Player {
  id: string;
  name: string;
  token: string;
}

const hour = 3_600_000;

/** A published game (a new one starts hidden) open for the past and the next hour. */
export const gameBody = (extra: object = {}) => ({
  title: 'Harbour CTF',
  hidden: false,
  start: Date.now() - hour,
  end: Date.now() + hour,
  ...extra,
});

export const gameClient = (app: FastifyInstance) => {
  const call = (token: string | null, method: Method, url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      ...(payload !== undefined && { payload: payload as object }),
      ...asUser(token ?? undefined),
    });

  /** Succeeds (200) or fails the test, answering the JSON body (undefined when empty). */
  const ok = async (token: string | null, method: Method, url: string, payload?: unknown) => {
    const res = await call(token, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.body ? res.json() : undefined;
  };

  const signUp = async (name: string): Promise<Player> => {
    const token = sessionToken(await register(app, name, `${name}@example.com`)) as string;
    const profile = await app.inject({ url: '/api/account/profile', ...asUser(token) });
    return { id: profile.json().userId, name, token };
  };

  const createTeam = async (captain: Player, name: string, members: Player[] = []): Promise<number> => {
    const { id } = await ok(captain.token, 'POST', '/api/team', { name });
    for (const member of members) {
      const code = await ok(captain.token, 'GET', `/api/team/${id}/invite`);
      const res = await app.inject({
        method: 'POST',
        url: '/api/team/accept',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(code),
        ...asUser(member.token),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    return id;
  };

  return { call, ok, signUp, createTeam };
};

export const signInAdmin = async (
  app: FastifyInstance,
  db: Parameters<typeof seedAdmin>[0],
): Promise<string> => {
  await seedAdmin(db, { password: 'Harbour2024', announce: () => {} });
  return signedIn(app, 'admin', 'Harbour2024');
};

/**
 * A player on each server (ann on the first, ben on the second), each in a team of their own (`team-<name>`) that
 * joined the game with `join` (a division, say).
 */
export const playerOnEachServer = async (
  servers: FastifyInstance[],
  gameId: number,
  join: object = {},
): Promise<[FastifyInstance, Player][]> => {
  const players: [FastifyInstance, Player][] = [];
  for (const [at, app] of servers.entries()) {
    const c = gameClient(app);
    const name = ['ann', 'ben'][at] as string;
    const player = await c.signUp(name);
    await c.ok(player.token, 'POST', `/api/game/${gameId}`, {
      teamId: await c.createTeam(player, `team-${name}`),
      ...join,
    });
    players.push([app, player]);
  }
  return players;
};

/** Submits a flag through `app` to the challenge at `url`, then polls its status; answers the verdict. */
export const verdictOn = async (app: FastifyInstance, who: Player, url: string, flag: string) => {
  const id = await gameClient(app).ok(who.token, 'POST', url, { flag });
  for (let i = 0; i < 500; i++) {
    const status = await gameClient(app).ok(who.token, 'GET', `${url}/status/${id}`);
    if (status !== 'FlagSubmitted') return status;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('never judged');
};

/**
 * Resolves once `server`'s live bus carries a message of `hub` (another process heard of an edit), or after
 * `orAfterMs` without word if given; at once when there is no such server.
 */
export const heardOn = (
  server: FastifyInstance | undefined,
  hub: string,
  orAfterMs?: number,
): Promise<void> =>
  new Promise<void>((resolve) => {
    if (!server) return resolve();
    const stop = server.bus.subscribe((message) => {
      if (message.hub === hub) {
        stop();
        resolve();
      }
    });
    if (orAfterMs !== undefined) setTimeout(resolve, orAfterMs);
  });
