// A bench's server on a fresh database, seeded through the API: an admin, one running game of static challenges
// (flag `flag{c<i>}`), and teams that joined it, one player each. Shared by the scoring benches.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/src/app.ts';
import { connect, migrate } from '../../server/src/db/database.ts';
import { seedAdmin } from '../../server/src/services/admin-seed.ts';
import { readSettings } from '../../server/src/settings.ts';

export const cookie = 'GZCTF_Token';
const hour = 3_600_000;

export interface FreshDatabase {
  url: string;
  kind: 'SQLite' | 'PostgreSQL';
  drop: () => Promise<void>;
}

const onPostgres = async (server: string, statement: string) => {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(statement);
  await admin.end();
};

/** A temporary SQLite file in dataDir, or a new database on the PostgreSQL server `postgres` names. */
export const freshDatabase = async (
  dataDir: string,
  purpose: string,
  postgres: string | undefined,
): Promise<FreshDatabase> => {
  if (!postgres) {
    return { url: `sqlite:${path.join(dataDir, `${purpose}.db`)}`, kind: 'SQLite', drop: async () => {} };
  }
  const name = `pennon_${purpose}_${randomBytes(6).toString('hex')}`;
  await onPostgres(postgres, `CREATE DATABASE ${name}`);
  const url = new URL(postgres);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    kind: 'PostgreSQL',
    drop: () => onPostgres(postgres, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
};

export interface SeedOptions {
  dataDir: string;
  database: FreshDatabase;
  teams: number;
  challenges: number;
  /** Each challenge's submission limit per team: judging then takes the path that counts a team's submissions. */
  submissionLimit?: number;
  /** Further settings (environment variables) of the server; the rate limiter is always off. */
  env?: Record<string, string>;
}

export interface Seeded {
  app: FastifyInstance;
  db: Awaited<ReturnType<typeof connect>>['db'];
  admin: string;
  gameId: number;
  challengeIds: number[];
  /** One session token per team, of its only player. */
  tokens: string[];
}

export const seed = async ({
  dataDir,
  database,
  teams,
  challenges,
  submissionLimit,
  env = {},
}: SeedOptions): Promise<Seeded> => {
  const settings = readSettings({
    PENNON_DATA_DIR: dataDir,
    PENNON_WEB_DIR: path.join(dataDir, 'no-web'),
    PENNON_DATABASE_URL: database.url,
    PENNON_RATE_LIMIT: 'off',
    ...env,
  });
  const connection = connect(settings.databaseUrl, { synchronous: settings.sqliteSynchronous });
  await migrate(connection.db);
  const db = connection.db;
  const app = await buildApp({ settings, connection });
  const call = async (
    token: string | null,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) => {
    const res = await app.inject({
      method,
      url,
      ...(payload && { payload }),
      ...(token && { cookies: { [cookie]: token } }),
    });
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return {
      body: res.body ? res.json() : undefined,
      token: res.cookies.find((c) => c.name === cookie)?.value,
    };
  };
  await seedAdmin(db, { password: 'Harbour2024', announce: () => {} });
  const admin = (
    await call(null, 'POST', '/api/account/login', { userName: 'admin', password: 'Harbour2024' })
  ).token as string;
  const gameId = (
    await call(admin, 'POST', '/api/edit/games', {
      title: 'Bench',
      hidden: false,
      start: Date.now() - hour,
      end: Date.now() + hour,
      acceptWithoutReview: true,
    })
  ).body.id as number;
  const challengeIds: number[] = [];
  for (let i = 0; i < challenges; i++) {
    const base = `/api/edit/games/${gameId}/challenges`;
    const { id } = (
      await call(admin, 'POST', base, { title: `c${i}`, type: 'StaticAttachment', category: 'Misc' })
    ).body;
    await call(admin, 'POST', `${base}/${id}/flags`, [{ flag: `flag{c${i}}` }]);
    await call(admin, 'PUT', `${base}/${id}`, {
      isEnabled: true,
      ...(submissionLimit && { submissionLimit }),
    });
    challengeIds.push(id);
  }
  const tokens: string[] = [];
  for (let i = 0; i < teams; i++) {
    const { token } = await call(null, 'POST', '/api/account/register', {
      userName: `player${i}`,
      email: `p${i}@bench.invalid`,
      password: 'Secret123',
    });
    const teamId = (await call(token as string, 'POST', '/api/team', { name: `team${i}` })).body.id;
    await call(token as string, 'POST', `/api/game/${gameId}`, { teamId });
    tokens.push(token as string);
  }
  return { app, db, admin, gameId, challengeIds, tokens };
};
