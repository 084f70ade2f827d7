// Payload encryption (§1.8) end to end: the SDK encrypts passwords and flags with the key the platform publishes,
// the real server decrypts them; what does not decrypt is refused with 400, and re-enabling makes a new key.
import type { PennonClient } from '@pennon/sdk';
import { encryptPayload, importPlatformKey } from '@pennon/sdk';
import type { GlobalConfig } from '@pennon/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.ts';
import { type Account, failure, type SdkServer, startSdkServer } from '../support/sdk.ts';

const hour = 3_600_000;
const flag = 'flag{sealed in transit}';

/** A fetch that records the JSON bodies it sends. */
const recordingFetch = () => {
  const bodies: Record<string, unknown>[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const text = await request.clone().text();
    if (text.startsWith('{')) bodies.push(JSON.parse(text));
    return globalThis.fetch(request);
  };
  return { fetch, bodies };
};

describe.each(databaseKinds())('payload encryption through the SDK on $name', (kind) => {
  let s: SdkServer;
  let admin: PennonClient;
  let player: Account;
  let gameId: number;
  let challengeId: number;

  const setEncryption = async (on: boolean) => {
    const { globalConfig } = await admin.admin.config();
    await admin.admin.updateConfig({
      globalConfig: { ...(globalConfig as GlobalConfig), apiEncryption: on },
    });
  };
  const publicKey = async () => (await s.anonymous().info.config()).apiPublicKey;
  /** POSTs a JSON body as a script without the SDK would. */
  const post = (path: string, body: object, cookie = '') =>
    fetch(s.baseUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    s = await startSdkServer(kind);
    admin = await s.admin();
    const game = await admin.edit.createGame({
      title: 'Sealed CTF',
      start: Date.now() - hour,
      end: Date.now() + hour,
      acceptWithoutReview: true,
    });
    gameId = game.id;
    const challenge = await admin.edit.createChallenge(gameId, {
      title: 'Envelope',
      category: 'Crypto',
      type: 'StaticAttachment',
    });
    challengeId = challenge.id;
    await admin.edit.addFlags(gameId, challengeId, [{ flag }]);
    await admin.edit.updateChallenge(gameId, challengeId, { isEnabled: true });
    player = await s.signUp('sealer');
    const team = await player.client.team.create({ name: 'Sealers' });
    await player.client.game.join(gameId, { teamId: team.id });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('publishes no key while encryption is off', async () => {
    expect(await publicKey()).toBeUndefined();
  });

  it('logs in and judges a flag sent encrypted, with nothing readable on the wire', async () => {
    await setEncryption(true);
    const key = await publicKey();
    expect(Buffer.from(key ?? '', 'base64')).toHaveLength(32);

    const { fetch, bodies } = recordingFetch();
    const client = s.anonymous({ fetch });
    await client.account.login({ userName: player.name, password: player.password });
    expect((await client.account.profile()).userName).toBe(player.name);
    const submitId = await client.game.submit(gameId, challengeId, flag);
    await expect
      .poll(() => client.game.submissionStatus(gameId, challengeId, submitId), { timeout: 5000 })
      .toBe('Accepted');

    const [login, submit] = bodies;
    expect(login).toMatchObject({ userName: player.name });
    expect(login?.password).not.toBe(player.password);
    // ephemeral key 32 B + nonce 12 B + the text + tag 16 B
    expect(Buffer.from(String(submit?.flag), 'base64')).toHaveLength(32 + 12 + flag.length + 16);
  });

  it('refuses a tampered or plain password and a tampered flag with 400', async () => {
    const key = await importPlatformKey((await publicKey()) as string);
    const sealed = Buffer.from(await encryptPayload(key, player.password), 'base64');
    sealed[sealed.length - 1] = (sealed.at(-1) as number) ^ 1;
    const tampered = sealed.toString('base64');

    const res = await post('/api/account/login', { userName: player.name, password: tampered });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ title: 'password is required', status: 400 });
    const plain = await post('/api/account/login', { userName: player.name, password: player.password });
    expect(plain.status).toBe(400);

    const err = await failure(
      player.client.request(
        { method: 'POST', path: '/api/game/{id}/challenges/{challengeId}', auth: 'user', response: 'json' },
        { params: { id: gameId, challengeId }, body: { flag: tampered } } as never,
      ),
    );
    expect(err).toMatchObject({ status: 400, title: 'flag is required' });
  });

  it('follows the key a client learned before encryption was on, and takes plain text once it is off', async () => {
    // player.client fetched the config while encryption was off: its plain call is refused, then sent encrypted.
    await player.client.account.changePassword({ old: player.password, new: 'Renewed456' });
    await setEncryption(false);
    expect(await publicKey()).toBeUndefined();
    const res = await post('/api/account/login', { userName: player.name, password: 'Renewed456' });
    expect(res.status).toBe(200);
  });

  it('makes a new key pair each time encryption is turned on', async () => {
    await setEncryption(true);
    const first = await publicKey();
    await setEncryption(true);
    expect(await publicKey()).toBe(first);
    await setEncryption(false);
    await setEncryption(true);
    expect(await publicKey()).not.toBe(first);
  });
});
