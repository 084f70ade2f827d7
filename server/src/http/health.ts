// Liveness and readiness for orchestrators and load balancers: the process answers and the database takes writes
// (one that can only be read can't sign anyone in or judge a flag).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { probeWrite } from '../db/write-probe.ts';

export const health = async (app: FastifyInstance, { db }: { db: Kysely<Database> }) => {
  app.get('/healthz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await probeWrite(db);
      return { status: 'Healthy' };
    } catch (err) {
      request.log.error({ err }, 'health check: the database cannot be written');
      return reply.code(503).send({ status: 'Unhealthy' });
    }
  });
};
