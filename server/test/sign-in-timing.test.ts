// A sign-in's answer takes as long for a name nobody has as for a known name with a wrong password: its time
// doesn't tell which accounts exist.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from './support/accounts.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';

const rounds = 9;

const median = (values: number[]): number => values.toSorted((a, b) => a - b)[values.length >> 1] as number;

/** Each sign-in from its own address, so no rate limit answers in its place. */
const timedSignIn = async (app: FastifyInstance, userName: string, round: number): Promise<number> => {
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/account/login',
    remoteAddress: `203.0.113.${round + 1}`,
    payload: { userName, password: 'Wrong123' },
  });
  const took = performance.now() - started;
  expect(res.statusCode).toBe(401);
  return took;
};

describe.each(databaseKinds())('sign-in timing on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    expect((await register(t.app, 'known', 'known@example.com')).statusCode).toBe(200);
  });
  afterAll(async () => t?.close());

  it('hashes the password of an unknown user as it does a known one', async () => {
    await timedSignIn(t.app, 'nobody-warmup', 0);
    const unknown: number[] = [];
    const known: number[] = [];
    // Interleaved, so a burst of load on the machine weighs on both alike.
    for (let round = 0; round < rounds; round++) {
      unknown.push(await timedSignIn(t.app, `nobody${round}`, round));
      known.push(await timedSignIn(t.app, 'known', round));
    }
    // Without a verify an unknown name answers in about a millisecond, against tens for Argon2: a loose bound
    // keeps the test steady on a loaded machine and still tells the two apart.
    expect(median(unknown) / median(known)).toBeGreaterThan(0.5);
  });
});
