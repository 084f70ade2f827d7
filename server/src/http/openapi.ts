// The OpenAPI 3 document, generated from the contract schemas of the routes this server mounts.
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const openapi = fp<{ version: string }>(async (app: FastifyInstance, { version }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Pennon API',
        version,
        description: 'Capture-the-flag platform API, wire-compatible with GZ::CTF.',
      },
    },
  });
  app.get('/openapi/v1.json', { schema: { hide: true } }, async () => app.swagger());
});
