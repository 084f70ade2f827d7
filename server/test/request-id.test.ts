// Request ids (issue #29, point 7): every answer names its request, so a player can quote it to the organisers. A
// client cannot choose the id unless the organiser names the header their proxy sets. Log lines: tests/e2e/shutdown.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(databaseKinds().slice(0, 1))('request ids on $name', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => t?.close());

  it('are generated, answered in X-Request-Id (errors too) and never taken from the client', async () => {
    t = await startTestApp(kind);
    const missing = await t.app.inject({ url: '/api/game/4242', headers: { 'x-request-id': 'chosen' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toMatch(uuid);
    const ok = await t.app.inject({ url: '/api/config' });
    expect(ok.headers['x-request-id']).toMatch(uuid);
    expect(ok.headers['x-request-id']).not.toBe(missing.headers['x-request-id']);
  });

  it('come from the header a trusted proxy sets when PENNON_REQUEST_ID_HEADER names it', async () => {
    t = await startTestApp(kind, { PENNON_REQUEST_ID_HEADER: 'X-Amzn-Trace-Id' });
    const res = await t.app.inject({ url: '/api/game/4242', headers: { 'x-amzn-trace-id': 'Root=1-abc' } });
    expect(res.headers['x-request-id']).toBe('Root=1-abc');
  });
});
