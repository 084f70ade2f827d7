// Issue 28 §2, as a player sees the shipped defaults (no trusted proxy, no exempt address): whatever X-Forwarded-For
// says, the client is the socket's peer, in the audit log and in the rate limits of HTTP requests and WebSocket
// upgrades (the container proxy's and the hubs') alike; and loopback - where a reverse proxy on the same host
// connects from - gets no free pass.
import { randomUUID } from 'node:crypto';
import { createNodeClient } from '@pennon/sdk/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeStatus } from '../../server/test/support/hubs.ts';
import { rawRequest } from '../support/raw-http.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const adminPassword = 'Admin-Pass-1234';

/** A fresh made-up address for each forged header. */
const forged = (i: number) => ({ 'x-forwarded-for': `203.0.${i >> 8}.${i & 255}, 198.51.100.${i & 255}` });

describe('client addresses on the shipped defaults', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // The test helper exempts loopback for the other suites; these are the defaults as shipped.
    server = await startServer({ PENNON_ADMIN_PASSWORD: adminPassword, PENNON_RATE_LIMIT_EXEMPT: '' });
  });
  afterAll(async () => server?.stop());

  it('records the socket peer, not a forged X-Forwarded-For, in the audit log', async () => {
    const refused = await rawRequest(server.url, '/api/account/login', {
      method: 'POST',
      headers: forged(1),
      body: { userName: 'admin', password: 'guess-1234' },
    });
    expect(refused.status).toBe(401);
    const admin = createNodeClient({ baseUrl: server.url });
    await admin.account.login({ userName: 'admin', password: adminPassword });
    const logs = await admin.admin.logs({ level: 'All' });
    const entry = logs.find((log) => log.msg === 'Sign-in refused');
    expect(entry?.ip).toBe('127.0.0.1');
  });

  it('limits loopback, and a forged X-Forwarded-For escapes the budget neither by HTTP nor by upgrade', async () => {
    let i = 0;
    let refused = false;
    // The global policy: 3000 requests a minute per anonymous address (a class of 100), the two sign-ins above
    // included; sent 50 at a time, each with an X-Forwarded-For of its own.
    while (!refused && i < 3100) {
      const batch = Array.from({ length: 50 }, () => forged(++i));
      const statuses = await Promise.all(
        batch.map(async (headers) => (await rawRequest(server.url, '/api/config', { headers })).status),
      );
      expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
      refused = statuses.includes(429);
    }
    expect(refused).toBe(true);
    expect(i).toBeLessThanOrEqual(3000);
    expect((await rawRequest(server.url, '/api/config', { headers: forged(++i) })).status).toBe(429);
    const proxyUrl = `${server.url.replace(/^http/, 'ws')}/api/proxy/${randomUUID()}`;
    expect(await upgradeStatus(proxyUrl, forged(++i))).toBe(429);
    // Hub upgrades spend the same budget: a burst of 400 gets none through (each would be answered otherwise).
    const hubUrl = `${server.url.replace(/^http/, 'ws')}/hub/user?game=999`;
    const hubs = await Promise.all(Array.from({ length: 400 }, () => upgradeStatus(hubUrl, forged(++i))));
    expect(hubs.filter((status) => status !== 429)).toEqual([]);
  });
});
