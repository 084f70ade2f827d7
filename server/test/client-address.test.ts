// PENNON_TRUST_PROXY in each of its forms: a spoofed X-Forwarded-For chain resolves to the same client address for
// Fastify's `request.ip` and for the raw request of a WebSocket upgrade, and that address is the right one.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { clientAddress } from '../src/raw-request/client-address.ts';
import { readSettings } from '../src/settings.ts';
import { signInAdmin } from './games/helpers.ts';
import { cookieName } from './support/accounts.ts';
import { startTestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';
import { upgradeStatus } from './support/hubs.ts';

// What the client wrote (6.6.6.6), the first proxy's view of it (203.0.113.7), a second proxy (10.0.0.5),
// then the socket's peer (10.0.0.2, the proxy next to the server).
const chain = '6.6.6.6, 203.0.113.7, 10.0.0.5';
const cases: { trust: string; peer: string; forwarded?: string; client: string }[] = [
  { trust: '', peer: '10.0.0.2', forwarded: chain, client: '10.0.0.2' },
  { trust: 'false', peer: '10.0.0.2', forwarded: chain, client: '10.0.0.2' },
  { trust: '1', peer: '10.0.0.2', forwarded: chain, client: '10.0.0.5' },
  { trust: 'true', peer: '10.0.0.2', forwarded: chain, client: '10.0.0.5' },
  { trust: '2', peer: '10.0.0.2', forwarded: chain, client: '203.0.113.7' },
  { trust: '9', peer: '10.0.0.2', forwarded: chain, client: '6.6.6.6' },
  { trust: '1', peer: '10.0.0.2', client: '10.0.0.2' },
  { trust: '10.0.0.0/8', peer: '10.0.0.2', forwarded: chain, client: '203.0.113.7' },
  { trust: '10.0.0.2, 10.0.0.5', peer: '10.0.0.2', forwarded: chain, client: '203.0.113.7' },
  { trust: '10.0.0.2', peer: '10.0.0.2', forwarded: chain, client: '10.0.0.5' },
  // A client reaching the server directly, around the trusted proxies, is taken at its socket's word.
  { trust: '10.0.0.0/8', peer: '198.51.100.4', forwarded: '10.0.0.9', client: '198.51.100.4' },
  { trust: 'loopback', peer: '::ffff:127.0.0.1', forwarded: chain, client: '10.0.0.5' },
];

describe('the client address behind proxies', () => {
  it.each(cases)('trusting $trust, from $peer with $forwarded is $client', async (c) => {
    const { trustProxy } = readSettings({ PENNON_TRUST_PROXY: c.trust });
    const app = Fastify({ trustProxy });
    app.get('/', async (request) => ({ http: request.ip, raw: clientAddress(request.raw, trustProxy) }));
    const res = await app.inject({
      url: '/',
      remoteAddress: c.peer,
      headers: c.forwarded ? { 'x-forwarded-for': c.forwarded } : {},
    });
    expect(res.json()).toEqual({ http: c.client, raw: c.client });
    await app.close();
  });
});

const sqlite = databaseKinds()[0];
if (!sqlite) throw new Error('no database kind');

// The server's peer here is this test on loopback: the proxy next to the server.
describe.each([
  { trust: '', spent: '6.6.6.6, 203.0.113.7', same: '7.7.7.7, 198.51.100.1', other: undefined },
  { trust: '1', spent: '6.6.6.6, 203.0.113.7', same: '7.7.7.7, 203.0.113.7', other: '6.6.6.6, 198.51.100.1' },
  {
    trust: 'true',
    spent: '6.6.6.6, 203.0.113.7',
    same: '7.7.7.7, 203.0.113.7',
    other: '203.0.113.7, 6.6.6.6',
  },
  {
    trust: '2',
    spent: '6.6.6.6, 203.0.113.7, 10.0.0.5',
    same: '7.7.7.7, 203.0.113.7, 10.0.0.9',
    other: '6.6.6.6, 198.51.100.1, 10.0.0.5',
  },
  {
    trust: '127.0.0.0/8, 10.0.0.0/8',
    spent: '6.6.6.6, 203.0.113.7, 10.0.0.5',
    same: '203.0.113.7',
    other: '6.6.6.6',
  },
])('HTTP and WebSocket upgrades trusting $trust', ({ trust, spent, same, other }) => {
  const servers: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  it('count against one client address, and spoofed hops move nobody to a fresh budget', async () => {
    const t = await startTestApp(sqlite, { PENNON_TRUST_PROXY: trust, PENNON_RATE_LIMIT_EXEMPT: '' });
    servers.push(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    const get = (forwarded: string) =>
      fetch(`${base}/api/config`, { headers: { 'x-forwarded-for': forwarded } });
    // The global policy: 3000 requests a minute per anonymous address (a class of 100), sent 50 at a time.
    for (let i = 0; i < 3000; i += 50) {
      const statuses = await Promise.all(Array.from({ length: 50 }, async () => (await get(spent)).status));
      expect(statuses.every((status) => status === 200)).toBe(true);
    }
    expect((await get(same)).status).toBe(429);
    const proxyUrl = `ws://127.0.0.1:${port}/api/proxy/${randomUUID()}`;
    expect(await upgradeStatus(proxyUrl, { 'x-forwarded-for': spent })).toBe(429);
    expect(await upgradeStatus(proxyUrl, { 'x-forwarded-for': same })).toBe(429);
    if (other) {
      expect((await get(other)).status).toBe(200);
      expect(await upgradeStatus(proxyUrl, { 'x-forwarded-for': other })).not.toBe(429);
    }
  }, 60_000);
});

describe('a hub upgrade behind a trusted proxy', () => {
  it("records the same client address as HTTP for the session's visit", async () => {
    const t = await startTestApp(sqlite, { PENNON_TRUST_PROXY: '1' });
    try {
      const admin = await signInAdmin(t.app, t.connection.db);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      // Visits are recorded at most every few seconds: make this one due.
      await t.connection.db.updateTable('sessions').set({ last_seen_at: 0 }).execute();
      const hub = new WebSocket(`ws://127.0.0.1:${port}/hub/admin`, {
        headers: { cookie: `${cookieName}=${admin}`, 'x-forwarded-for': '6.6.6.6, 203.0.113.7' },
      });
      await new Promise((resolve, reject) => hub.once('open', resolve).once('error', reject));
      hub.close();
      const recorded = async () =>
        (
          await t.connection.db
            .selectFrom('users')
            .select('ip')
            .where('user_name', '=', 'admin')
            .executeTakeFirst()
        )?.ip;
      await expect.poll(recorded).toBe('203.0.113.7');
    } finally {
      await t.close();
    }
  });
});
