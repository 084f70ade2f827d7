// The rate limits of §1.7, as one hook driven by each route's `rateLimit` (set by `mount` from the contract) plus
// the global policy on every request. Counters live in Redis when PENNON_REDIS_URL is set (rate-limit-redis.ts), so
// several processes behind a load balancer share one budget; else in this process's memory, where each process
// counts on its own and the effective budget is multiplied by their number.
//
// Several choices differ from GZ::CTF on purpose. Every policy counts per client, where GZ::CTF shares one bucket
// per named policy among all clients (one client could lock everyone out of registering): a signed-in user counts
// per account wherever it connects from, an anonymous request per address, with budgets sized for a class of 100
// behind one NAT (`classSize`). Files (the web client's shell and build, the widgets, uploads by hash, the
// favicon) are never counted: they are cheap, cacheable, and a cold page load fetches dozens of them. Over-budget
// requests are refused at once with 429 instead of queued. GZ::CTF never limits loopback callers; here no address
// is exempt unless PENNON_RATE_LIMIT_EXEMPT names it (a reverse proxy on the same host, a misread X-Forwarded-For,
// would otherwise exempt everyone), and the team-creation concurrency limit (which only waits) holds for all.
import type { RatePolicy } from '@pennon/sdk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { msg } from '../i18n/message.ts';
import { isPageRequest } from './errors.ts';
import { HttpError } from './http-error.ts';
import { concurrency, type Limiter, type LimiterShape, memoryLimiter } from './limiters.ts';
import { redisLimiter } from './rate-limit-redis.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The named policy of the route; set by `mount` from the contract. */
    rateLimit?: RatePolicy;
    /** A file, not the API (set by `servesFiles`): counted by no rate limit. */
    file?: true;
  }
  interface FastifyInstance {
    /**
     * Counts a request Fastify never routes (a raw WebSocket upgrade) against the global policy of a client
     * address: how long to wait in ms, or null when it may go ahead. Absent when rate limiting is off.
     */
    admitUnrouted?: (address: string) => Promise<number | null>;
  }
}

const tooMany = (reply: FastifyReply, waitMs: number): HttpError => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  reply.header('retry-after', String(seconds));
  return new HttpError(429, msg`Too many requests: try again in ${seconds} seconds`);
};

const sweepIntervalMs = 60_000;

export interface RateLimitOptions {
  /** PENNON_RATE_LIMIT_EXEMPT: client addresses never counted. */
  exempt: (address: string) => boolean;
  /** A connection to the Redis of PENNON_REDIS_URL and the deployment's key prefix: the counters are kept there. */
  redis?: { client: Redis; keyPrefix: string };
}

const slidingShape = (limit: number, windowMs: number, segments: number): LimiterShape => ({
  kind: 'slidingWindow',
  limit,
  windowMs,
  segments,
});
const bucketShape = (capacity: number, refill: number, periodMs: number): LimiterShape => ({
  kind: 'tokenBucket',
  capacity,
  refill,
  periodMs,
});
/** Who a budget is for: a signed-in user, or an address, which may be a whole class behind one NAT. */
type ClientKind = 'user' | 'address';

/** How many people one address is budgeted for: a class, a projector and a campus NAT's players. */
export const classSize = 100;

type Policy = Exclude<RatePolicy, 'concurrency'> | 'global';

// A user's budgets are GZ::CTF's. An address's are what one visitor's browser sends, times `classSize`: measured in
// Chromium (tests/security/crowd.test.ts), a page sends 2 to 6 API calls as it opens, then one per list it shows
// every 10 s, so 30 a minute covers a visitor who opens four pages a minute; signing up or in is one call, 2 allow
// a mistyped password; the proof-of-work captcha asks for a challenge per form shown.
const shapes: Record<Policy, Record<ClientKind, LimiterShape>> = {
  global: { user: slidingShape(150, 60_000, 6), address: slidingShape(30 * classSize, 60_000, 6) },
  register: { user: slidingShape(20, 150_000, 5), address: slidingShape(2 * classSize, 150_000, 5) },
  query: { user: bucketShape(100, 10, 10_000), address: bucketShape(10 * classSize, classSize, 10_000) },
  powChallenge: { user: bucketShape(40, 5, 30_000), address: bucketShape(4 * classSize, classSize, 30_000) },
  // Only signed-in users may start containers or submit flags: an address's budget refuses strays before the 401.
  container: { user: bucketShape(120, 30, 10_000), address: bucketShape(120, 30, 10_000) },
  submit: { user: bucketShape(100, 50, 5_000), address: bucketShape(100, 50, 5_000) },
  // Guesses at a secret (second-factor codes, passkeys, a linked account's password): each sign-in also allows
  // only a few wrong codes of its own (services/sign-in-flows.ts); this bounds one address across accounts, and
  // lets a class sign in with a code each, a few of them mistyped.
  code: { user: bucketShape(30, 10, 60_000), address: bucketShape(3 * classSize, classSize, 60_000) },
};

/** One policy's limiters, a budget for each kind of client; keys are `user:<id>` or `ip:<address>`. */
type PolicyLimiters = Record<ClientKind, Limiter>;

/**
 * Marks every route `app` (an encapsulated plugin's instance) registers from now on as a file that no rate limit
 * counts.
 */
export const servesFiles = (app: FastifyInstance): void => {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, file: true };
  });
};

/** Files and the pages' shell: a page path falls through to the not-found handler, which answers the shell. */
const isFileRequest = (request: FastifyRequest): boolean =>
  request.routeOptions.config.file === true || (request.is404 && isPageRequest(request));

export const rateLimit = fp<RateLimitOptions>(async (app: FastifyInstance, { exempt, redis }) => {
  const build = (name: Policy): PolicyLimiters => {
    const one = (kind: ClientKind): Limiter => {
      const shape = shapes[name][kind];
      // Keys of both kinds differ by their prefix, so they share the policy's name in Redis.
      return redis ? redisLimiter(redis, name, shape, memoryLimiter(shape)) : memoryLimiter(shape);
    };
    return { user: one('user'), address: one('address') };
  };
  const global = build('global');
  const named: Record<Exclude<RatePolicy, 'concurrency'>, PolicyLimiters> = {
    register: build('register'),
    query: build('query'),
    powChallenge: build('powChallenge'),
    container: build('container'),
    submit: build('submit'),
    code: build('code'),
  };
  const all = [global, ...Object.values(named)].flatMap((limiters) => [limiters.user, limiters.address]);
  const teamCreation = concurrency(20);
  let sweptAt = Date.now();

  // After the auth hook (registered earlier), so the global policy can count per signed-in user.
  app.addHook('onRequest', async (request, reply) => {
    const policy = request.routeOptions.config.rateLimit;
    if (exempt(request.ip) || isFileRequest(request)) return;
    const now = Date.now();
    if (now - sweptAt > sweepIntervalMs) {
      sweptAt = now;
      for (const limiter of all) limiter.sweep(now);
    }
    const [kind, client]: [ClientKind, string] = request.caller
      ? ['user', `user:${request.caller.id}`]
      : ['address', `ip:${request.ip}`];
    const wait =
      (await global[kind].take(client, now)) ??
      (policy && policy !== 'concurrency' ? await named[policy][kind].take(client, now) : null);
    if (wait !== null) throw tooMany(reply, wait);
  });

  app.decorate('admitUnrouted', async (address: string) =>
    exempt(address) ? null : global.address.take(`ip:${address}`, Date.now()),
  );

  // The team-creation turn is taken once the body is read, so a slow body holds nobody up, and given back when the
  // response ends, however it ends: a client gone while waiting gives its place up, one gone later its turn.
  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.config.rateLimit !== 'concurrency') return;
    const gone = new AbortController();
    const leave = () => gone.abort();
    reply.raw.once('close', leave);
    const release = await teamCreation(gone.signal);
    reply.raw.off('close', leave);
    // A client gone while it waited gets the refusal too: its request must not run without a turn.
    if (!release) throw tooMany(reply, 1000);
    if (reply.raw.closed) release();
    else reply.raw.once('close', release);
  });
});
