// The address of the client behind a raw Node request (one Fastify never sees, like a WebSocket upgrade),
// read the way Fastify reads `request.ip`: behind a trusted reverse proxy, the first X-Forwarded-For hop.
import type { IncomingMessage } from 'node:http';

export const clientAddress = (request: IncomingMessage, trustProxy: boolean): string => {
  const forwarded = trustProxy ? request.headers['x-forwarded-for'] : undefined;
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first || request.socket.remoteAddress || '';
};
