// Where a cluster bench finds its PostgreSQL and Redis: PENNON_BENCH_* first, else the test suite's PENNON_TEST_*.
import { type DatabaseKind, databaseKinds } from '../../server/test/support/databases.ts';

const postgresUrl = process.env.PENNON_BENCH_POSTGRES_URL ?? process.env.PENNON_TEST_POSTGRES_URL;
const redis = process.env.PENNON_BENCH_REDIS_URL ?? process.env.PENNON_TEST_REDIS_URL;
if (!postgresUrl || !redis) {
  throw new Error('set PENNON_BENCH_POSTGRES_URL and PENNON_BENCH_REDIS_URL (or the PENNON_TEST_* ones)');
}
process.env.PENNON_TEST_POSTGRES_URL = postgresUrl;
const kind = databaseKinds().find((k) => k.name === 'postgres');
if (!kind) throw new Error('no PostgreSQL');

export const redisUrl: string = redis;
export const postgres: DatabaseKind = kind;
