// Outbound webhook requests: non-public addresses are refused by what a name resolves to, not by its text; no
// redirect is followed; an answer is read only so far; a silent endpoint times out. And the signature scheme.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRefusedAddress, type OutboundOptions, sendOutbound } from '../../src/webhooks/outbound.ts';
import { signWebhook, verifyWebhook } from '../../src/webhooks/signature.ts';
import { type Receiver, startReceiver } from './receiver.ts';

const options: OutboundOptions = { allowPrivate: false, timeoutMs: 2_000, maxResponseBytes: 1_024 };
const post = (url: string, extra: Partial<OutboundOptions> = {}) =>
  sendOutbound({ method: 'POST', url, headers: {}, body: '{}' }, { ...options, ...extra });

describe('outbound webhook requests', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver((request, res) => {
      if (request.url === '/moved') res.writeHead(302, { location: '/elsewhere' }).end();
      else if (request.url === '/big') res.writeHead(200).end('x'.repeat(200_000));
      else if (request.url === '/silent') return true;
      else return false;
      return true;
    });
  });
  afterAll(() => receiver.close());

  it.each([
    'http://127.0.0.1/',
    'http://127.8.9.10:8080/',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://[::1]/',
    'http://[fe80::1]/',
    'http://[fd00::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
  ])('refuses %s', async (url) => {
    await expect(post(url)).rejects.toThrow(/non-public address/);
  });

  it('refuses a DNS name that resolves to loopback (localhost)', async () => {
    await expect(post(`http://localhost:${new URL(receiver.url).port}/`)).rejects.toThrow(
      /localhost resolves to .* non-public address/,
    );
    expect(receiver.requests).toHaveLength(0);
  });

  it('refuses a public-looking name when any of its addresses is private', async () => {
    const resolve = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
    await expect(post('https://hooks.example.com/x', { resolve })).rejects.toThrow(/10\.1\.2\.3/);
  });

  it('connects to the address it checked, not to a second answer of the resolver', async () => {
    let asked = 0;
    // A rebinding resolver: public first, loopback after. Only its first answer is used, so nothing is sent.
    const resolve = async () => [{ address: asked++ === 0 ? '192.0.2.1' : '127.0.0.1', family: 4 }];
    await expect(post('http://rebind.example/', { resolve, timeoutMs: 300 })).rejects.toThrow();
    expect(asked).toBe(1);
    expect(receiver.requests).toHaveLength(0);
  });

  it('refuses other schemes and bad URLs', async () => {
    await expect(post('ftp://example.com/')).rejects.toThrow(/http/);
    await expect(post('not a url')).rejects.toThrow(/not valid/);
  });

  it('knows public addresses', () => {
    expect(isRefusedAddress('93.184.215.14')).toBe(false);
    expect(isRefusedAddress('2606:4700::1111')).toBe(false);
    expect(isRefusedAddress('not-an-address')).toBe(true);
  });

  it('reaches loopback when private addresses are allowed, follows no redirect and caps the answer', async () => {
    expect(await post(`${receiver.url}/ok`, { allowPrivate: true })).toEqual({ status: 200, body: 'thanks' });
    expect((await post(`${receiver.url}/moved`, { allowPrivate: true })).status).toBe(302);
    expect(receiver.requests.map((r) => r.url)).not.toContain('/elsewhere');
    const big = await post(`${receiver.url}/big`, { allowPrivate: true });
    expect(big.body.length).toBe(1_024);
  });

  it('gives up on an endpoint that never answers', async () => {
    await expect(post(`${receiver.url}/silent`, { allowPrivate: true, timeoutMs: 200 })).rejects.toThrow(
      /no answer within 200 ms/,
    );
  });
});

describe('webhook signatures', () => {
  it('are HMAC-SHA256 of the timestamp and the body, as the README shows', () => {
    const body = '{"id":"1","type":"ping"}';
    const expected = createHmac('sha256', 'topsecret').update(`1700000000.${body}`).digest('hex');
    expect(signWebhook('topsecret', 1700000000, body)).toBe(`v1=${expected}`);
    expect(verifyWebhook('topsecret', '1700000000', body, `v1=${expected}`)).toBe(true);
    expect(verifyWebhook('topsecret', '1700000001', body, `v1=${expected}`)).toBe(false);
    expect(verifyWebhook('topsecret', '1700000000', `${body} `, `v1=${expected}`)).toBe(false);
    expect(verifyWebhook('other', '1700000000', body, `v1=${expected}`)).toBe(false);
  });
});
