// Liveness and readiness for orchestrators and load balancers: the process answers and the database does too.
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

export const health = async (app: FastifyInstance, { db }: { db: Kysely<Database> }) => {
  app.get('/healthz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'Healthy' };
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'Unhealthy' });
    }
  });
};
