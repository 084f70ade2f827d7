// The rate limits' counters in Redis (with PENNON_REDIS_URL), so every server process counts against one budget.
// Each take is one Lua script, atomic in Redis, doing what the in-memory limiters of limiters.ts do, on a key per
// policy and client that expires once it would be back to a full budget. While Redis is unreachable each process
// counts on its own again (the in-memory limiter it is given) rather than refusing or stalling every request.
import type { Redis } from 'ioredis';
import type { Limiter, LimiterShape } from './limiters.ts';

/** KEYS[1]: the client's segments (a hash segment → count); ARGV: now, limit, windowMs, segments. */
const slidingWindowScript = `
local now, limit, windowMs, segments = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local segmentMs = windowMs / segments
local current = math.floor(now / segmentMs)
local counts = redis.call('HGETALL', KEYS[1])
local sum, oldest = 0, current
for i = 1, #counts, 2 do
  local segment = tonumber(counts[i])
  if segment <= current - segments then
    redis.call('HDEL', KEYS[1], counts[i])
  else
    sum = sum + tonumber(counts[i + 1])
    if segment < oldest then oldest = segment end
  end
end
if sum >= limit then return (oldest + segments) * segmentMs - now end
redis.call('HINCRBY', KEYS[1], string.format('%d', current), 1)
redis.call('PEXPIRE', KEYS[1], math.ceil(windowMs))
return -1
`;

/** KEYS[1]: the client's bucket (a hash of tokens and refilledAt); ARGV: now, capacity, refill, periodMs. */
const tokenBucketScript = `
local now, capacity, refill, periodMs = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local bucket = redis.call('HMGET', KEYS[1], 'tokens', 'refilledAt')
local tokens, refilledAt = tonumber(bucket[1]) or capacity, tonumber(bucket[2]) or now
local periods = math.floor((now - refilledAt) / periodMs)
if periods > 0 then
  tokens = math.min(capacity, tokens + periods * refill)
  refilledAt = refilledAt + periods * periodMs
end
local wait = -1
if tokens < 1 then wait = refilledAt + periodMs - now else tokens = tokens - 1 end
redis.call('HSET', KEYS[1], 'tokens', tokens, 'refilledAt', string.format('%d', refilledAt))
redis.call('PEXPIRE', KEYS[1], math.ceil((capacity - tokens) / refill + 1) * periodMs)
return wait
`;

/** `name`'s limiter counted in Redis under `keyPrefix` (the deployment's); `local` counts whenever Redis does not answer. */
export const redisLimiter = (
  { client: redis, keyPrefix }: { client: Redis; keyPrefix: string },
  name: string,
  shape: LimiterShape,
  local: Limiter,
): Limiter => {
  const [command, lua, args] =
    shape.kind === 'slidingWindow'
      ? ['pennonSlidingWindow', slidingWindowScript, [shape.limit, shape.windowMs, shape.segments]]
      : ['pennonTokenBucket', tokenBucketScript, [shape.capacity, shape.refill, shape.periodMs]];
  // Sent once, then run by its digest (EVALSHA).
  redis.defineCommand(command, { numberOfKeys: 1, lua });
  type Command = (key: string, ...args: number[]) => Promise<number>;
  const run = (redis as unknown as Record<string, Command>)[command] as Command;
  return {
    async take(key, now) {
      // Not queued while Redis is away: a request must not wait for its reconnection.
      if (redis.status !== 'ready') return local.take(key, now);
      try {
        const wait = await run.call(redis, `${keyPrefix}rate:${name}:${key}`, now, ...args);
        return wait < 0 ? null : wait;
      } catch {
        return local.take(key, now);
      }
    },
    // Redis expires the keys itself; the local fallback still needs its sweep.
    sweep: (now) => local.sweep(now),
  };
};
