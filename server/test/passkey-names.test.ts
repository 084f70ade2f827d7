// Renaming a passkey over HTTP through the SDK, on every database. Creating one takes a browser's authenticator
// (tests/e2e/passkeys.test.ts does it for real); here the stored row stands in for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/databases.ts';
import { type Account, failure, type SdkServer, startSdkServer } from './support/sdk.ts';

describe.each(databaseKinds())('passkey names on $name', (kind) => {
  let s: SdkServer;
  beforeAll(async () => {
    s = await startSdkServer(kind);
  });
  afterAll(async () => s?.close());

  /** Stores a passkey named `name` for `account`, as registering one would. */
  const withPasskey = async (account: Account, id: string, name: string) => {
    await s.t.connection.db
      .insertInto('passkeys')
      .values({
        id,
        user_id: account.id,
        name,
        public_key: 'AAAA',
        counter: 0,
        transports: '[]',
        backed_up: 0,
        created_at: Date.now(),
        last_used_at: null,
      })
      .execute();
  };

  it('renames the caller’s passkey, trimmed, and lists it under the new name', async () => {
    const owner = await s.signUp('namer1');
    await withPasskey(owner, 'key-namer1', 'My passkey');
    const renamed = await owner.client.security.renamePasskey('key-namer1', '  Work laptop ');
    expect(renamed).toMatchObject({ id: 'key-namer1', name: 'Work laptop' });
    expect((await owner.client.security.overview()).methods.passkeys.map((p) => p.name)).toEqual([
      'Work laptop',
    ]);
  });

  it("refuses another user's passkey, an unknown one, a blank name and a signed-out caller", async () => {
    const owner = await s.signUp('namer2');
    const other = await s.signUp('namer3');
    await withPasskey(owner, 'key-namer2', 'Phone');
    expect(await failure(other.client.security.renamePasskey('key-namer2', 'Mine now'))).toMatchObject({
      status: 404,
      title: 'This passkey does not exist',
    });
    expect((await failure(owner.client.security.renamePasskey('no-such-key', 'Phone'))).status).toBe(404);
    expect((await failure(owner.client.security.renamePasskey('key-namer2', '   '))).status).toBe(400);
    expect((await failure(owner.client.security.renamePasskey('key-namer2', 'x'.repeat(65)))).status).toBe(
      400,
    );
    expect((await failure(s.anonymous().security.renamePasskey('key-namer2', 'Phone'))).status).toBe(401);
    expect((await owner.client.security.overview()).methods.passkeys[0]?.name).toBe('Phone');
  });
});
