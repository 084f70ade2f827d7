// The OpenAPI 3 document, generated from the contract schemas of the routes this server mounts.
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import type { EndpointFields } from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The form field of a multipart upload (`mount`), documented here since no schema validates it. */
    upload?: EndpointFields['upload'];
  }
}

/** An upload's body is read by its handler, not validated: the document still names the field that takes the file. */
const describeUpload: SwaggerTransform = ({ schema, url, route }) => {
  const field = route.config?.upload;
  if (!field) return { schema, url };
  const file = { type: 'string', format: 'binary' };
  const body = { type: 'object', required: [field], properties: { [field]: file } };
  return { url, schema: { ...schema, body } };
};

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
    transform: describeUpload,
  });
  app.get('/openapi/v1.json', { schema: { hide: true } }, async () => app.swagger());
});
