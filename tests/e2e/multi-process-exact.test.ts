// Bloods and submission limits exact however many processes judge (issue #47): three processes on PostgreSQL and
// Redis behind HAProxy, and one on SQLite, each through rounds where every team sends the same new challenge's flag
// at once. Every round must end with exactly one first, second and third blood, told alike by the database, each
// process's notices, the hub clients of each and each scoreboard. Then rounds where every team sends three times a
// challenge's submission limit of wrong flags at once, spread over the processes: each team must have exactly the
// limit accepted and stored, and every other flag refused. bench/exact/ plays many more rounds of both.
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../server/test/support/databases.ts';
import { type Arena, closeArena, openArena, playRound } from '../support/blood-rounds.ts';
import { type Cluster, startCluster } from '../support/cluster.ts';
import { type Attempts, attemptsQuery, limit, playLimitRound } from '../support/limit-rounds.ts';

const redisUrl = process.env.PENNON_TEST_REDIS_URL;
const postgres = databaseKinds().find((kind) => kind.name === 'postgres');
if (!redisUrl || !postgres) throw new Error('the exactness test needs PENNON_TEST_REDIS_URL and PostgreSQL');

const adminPassword = 'Harbour2024';
const teamCount = 12;
const rounds = 25;
const limitRounds = 5;

/** A challenge's bloods as the database recorded them (`$1` its id; SQLite reads it as a numbered parameter). */
const bloodsQuery = `SELECT t.name FROM solves s JOIN participations p ON p.id = s.participation_id
  JOIN teams t ON t.id = p.team_id WHERE s.challenge_id = $1 AND s.blood IS NOT NULL ORDER BY s.blood`;
describe('three processes on PostgreSQL and Redis behind HAProxy', () => {
  let database: Awaited<ReturnType<typeof postgres.create>>;
  let db: pg.Client;
  let cluster: Cluster;
  let arena: Arena;
  let attempts: Attempts;

  beforeAll(async () => {
    database = await postgres.create();
    cluster = await startCluster(3, {
      PENNON_DATABASE_URL: database.url,
      PENNON_REDIS_URL: redisUrl,
      PENNON_ADMIN_PASSWORD: adminPassword,
    });
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    arena = await openArena(cluster, adminPassword, teamCount, async (challengeId) =>
      (await db.query(bloodsQuery, [challengeId])).rows.map((r) => r.name),
    );
    attempts = async (challengeId) => (await db.query(attemptsQuery, [challengeId])).rows;
  }, 300_000);

  afterAll(async () => {
    await closeArena(arena);
    await db?.end();
    await cluster?.stop();
    await database?.drop();
  });

  it(`hands out each blood once in ${rounds} rounds of ${teamCount} teams at once`, async () => {
    const problems: string[] = [];
    for (let round = 0; round < rounds; round++) problems.push(...(await playRound(arena, round)));
    expect(problems).toEqual([]);
  }, 240_000);

  it(`accepts exactly ${limit} of ${3 * limit} flags sent at once by each of ${teamCount} teams, ${limitRounds} times`, async () => {
    const problems: string[] = [];
    for (let round = 0; round < limitRounds; round++)
      problems.push(...(await playLimitRound(arena, attempts, round)));
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('one process on SQLite', () => {
  let cluster: Cluster;
  let db: Sqlite.Database;
  let arena: Arena;
  let attempts: Attempts;

  beforeAll(async () => {
    cluster = await startCluster(1, { PENNON_ADMIN_PASSWORD: adminPassword });
    db = new Sqlite(path.join(cluster.dataDir, 'pennon.db'), { readonly: true });
    const bloods = db.prepare<[number], { name: string }>(bloodsQuery.replace('$1', '?'));
    arena = await openArena(cluster, adminPassword, teamCount, async (challengeId) =>
      bloods.all(challengeId).map((r) => r.name),
    );
    const stored = db.prepare<[number], { name: string; n: number }>(attemptsQuery.replace('$1', '?'));
    attempts = async (challengeId) => stored.all(challengeId);
  }, 300_000);

  afterAll(async () => {
    await closeArena(arena);
    db?.close();
    await cluster?.stop();
  });

  it(`hands out each blood once in ${rounds} rounds of ${teamCount} teams at once`, async () => {
    const problems: string[] = [];
    for (let round = 0; round < rounds; round++) problems.push(...(await playRound(arena, round)));
    expect(problems).toEqual([]);
  }, 240_000);

  it(`accepts exactly ${limit} of ${3 * limit} flags sent at once by each of ${teamCount} teams, ${limitRounds} times`, async () => {
    const problems: string[] = [];
    for (let round = 0; round < limitRounds; round++)
      problems.push(...(await playLimitRound(arena, attempts, round)));
    expect(problems).toEqual([]);
  }, 120_000);
});
