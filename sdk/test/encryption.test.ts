// The SDK side of payload encryption (§1.8) against a recording fetch; the round trip through the real server's
// decryption is in server/test/sdk/encryption.test.ts.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createClient, importPlatformKey, isPennonError } from '../src/index.ts';

const platformKey = () =>
  Buffer.from(
    generateKeyPairSync('x25519').publicKey.export({ format: 'jwk' }).x as string,
    'base64url',
  ).toString('base64');

/** A platform whose config publishes `key` (or answers 404 without one), recording every request. */
const platform = (key: string | 404) => {
  const sent: { path: string; body: Record<string, string> | undefined }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const text = await request.text();
    const path = new URL(request.url).pathname;
    sent.push({ path, body: text ? JSON.parse(text) : undefined });
    if (path === '/api/config') {
      return key === 404
        ? new Response(null, { status: 404 })
        : Response.json({ title: 'T', apiPublicKey: key });
    }
    return path.includes('/challenges/') ? Response.json(7) : new Response(null);
  };
  return { sent, client: createClient({ baseUrl: 'https://ctf.example.com', fetch, retry: 0 }) };
};

describe('payload encryption in the SDK', () => {
  it('looks the key up once and sends passwords and flags sealed, each time afresh', async () => {
    const { sent, client } = platform(platformKey());
    await client.account.login({ userName: 'alice', password: 'Passw0rd' });
    await client.account.login({ userName: 'alice', password: 'Passw0rd' });
    await client.account.changePassword({ old: 'Passw0rd', new: 'Better1!' });
    expect(await client.game.submit(1, 2, 'flag{x}')).toBe(7);

    expect(sent.filter((r) => r.path === '/api/config')).toHaveLength(1);
    const [first, second, change, submit] = sent.filter((r) => r.path !== '/api/config').map((r) => r.body);
    expect(first?.userName).toBe('alice');
    // ephemeral key 32 B + nonce 12 B + text + tag 16 B
    expect(Buffer.from(first?.password ?? '', 'base64')).toHaveLength(32 + 12 + 'Passw0rd'.length + 16);
    expect(second?.password).not.toBe(first?.password);
    expect(change?.old).not.toBe('Passw0rd');
    expect(change?.new).not.toBe('Better1!');
    expect(Buffer.from(submit?.flag ?? '', 'base64')).toHaveLength(32 + 12 + 'flag{x}'.length + 16);
  });

  it('sends plain text when the platform publishes no key, and asks again when the config failed', async () => {
    const { sent, client } = platform(404);
    await client.account.login({ userName: 'alice', password: 'Passw0rd' });
    await client.account.login({ userName: 'alice', password: 'Passw0rd' });
    expect(sent.map((r) => r.path)).toEqual([
      '/api/config',
      '/api/account/login',
      '/api/config',
      '/api/account/login',
    ]);
    expect(sent[1]?.body?.password).toBe('Passw0rd');
  });

  it('says so when the key cannot be used', async () => {
    const err = await importPlatformKey('bm90IGEga2V5').catch((e: unknown) => e);
    expect(isPennonError(err, 'bad-request')).toBe(true);
    expect((err as Error).message).toMatch(/X25519/);
  });
});
