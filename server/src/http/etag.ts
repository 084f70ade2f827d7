// Weak ETags over the serialized body, with 304 on a matching If-None-Match (§1.6).
import { createHash } from 'node:crypto';
import type { onSendHookHandler } from 'fastify';

export const weakEtag = (body: string | Buffer): string =>
  `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

/** Whether an If-None-Match header names the tag (weakly compared, as for GET). */
export const matchesEtag = (header: string | undefined, etag: string): boolean =>
  // The usual case first: a poller sending back the one tag it was given.
  header === etag ||
  !!header?.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === etag.replace(/^W\//, '');
  });

/** Kept, but checked with the server before each use. */
export const revalidate = 'no-cache, must-revalidate';

export const etagOnSend: onSendHookHandler = (request, reply, payload, done) => {
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload)))
    return done(null, payload);
  // A handler that knows its version (a scoreboard snapshot) sets the tag itself: no hashing per reply.
  const etag = (reply.getHeader('etag') as string | undefined) ?? weakEtag(payload);
  reply.header('etag', etag).header('cache-control', revalidate);
  if (!matchesEtag(request.headers['if-none-match'], etag)) return done(null, payload);
  reply.code(304);
  done(null, '');
};
