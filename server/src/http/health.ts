// Liveness and readiness for orchestrators and load balancers: the process answers, the database takes writes (one
// that can only be read can't sign anyone in or judge a flag) and the data folder's disk has room (a full one fails
// uploads, and SQLite's commits, while the database still looks writable).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { probeWrite } from '../db/write-probe.ts';
import { probeDisk } from '../storage/disk-probe.ts';

export const health = async (
  app: FastifyInstance,
  { db, dataDir }: { db: Kysely<Database>; dataDir: string },
) => {
  app.get('/healthz', { schema: { hide: true } }, async (request, reply) => {
    const failed = await Promise.all([
      probeWrite(db).then(
        () => undefined,
        (err: unknown) => ({ err, what: 'the database cannot be written' }),
      ),
      probeDisk(dataDir).then(
        () => undefined,
        (err: unknown) => ({ err, what: 'the data folder cannot be written (is its disk full?)' }),
      ),
    ]);
    const problems = failed.filter((problem) => problem !== undefined);
    if (problems.length === 0) return { status: 'Healthy' };
    for (const { err, what } of problems) request.log.error({ err }, `health check: ${what}`);
    return reply.code(503).send({ status: 'Unhealthy' });
  });
};
