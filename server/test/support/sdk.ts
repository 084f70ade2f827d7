// The real server listening on a loopback port, over a database of the given kind, and SDK clients to drive it
// over HTTP as any Node script would: anonymous, signed-up users, the seeded admin, a monitor, a banned user
// and API-token callers.
import { generateKeyPairSync, sign } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { PennonClient } from '@pennon/sdk';
import { isPennonError, type PennonError } from '@pennon/sdk';
import { type Role, routes } from '@pennon/sdk/contract';
import { createNodeClient, type NodeClientOptions } from '@pennon/sdk/node';
import sharp from 'sharp';
import { expect } from 'vitest';
import { seedAdmin } from '../../src/services/admin-seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import type { DatabaseKind } from './databases.ts';
import { tempDataDir } from './outbox.ts';

export const adminPassword = 'Harbour2024';
export const userPassword = 'Secret123';

/** A signed-in account and the client that carries its session. */
export interface Account {
  client: PennonClient;
  id: string;
  name: string;
  email: string;
  password: string;
}

type ClientExtras = Omit<NodeClientOptions, 'baseUrl' | 'token'>;

export interface SdkServer {
  t: TestApp;
  baseUrl: string;
  /** Where the outbox lives (`{dataDir}/outbox`). */
  dataDir: string;
  /** A client with no session. */
  anonymous(options?: ClientExtras): PennonClient;
  /** Registers `name` (`name@example.com`) through the SDK and answers the signed-in client. */
  signUp(name: string, password?: string): Promise<Account>;
  /** The seeded admin, signed in (one session, shared). */
  admin(): Promise<PennonClient>;
  /** A signed-up user the admin made a Monitor (one, shared). */
  monitor(): Promise<Account>;
  /** A signed-up user the admin banned after it signed in (one, shared). */
  banned(): Promise<Account>;
  /** A client authenticating with an API token. */
  withToken(token: string, options?: ClientExtras): PennonClient;
  close(): Promise<void>;
}

/** Starts the app on 127.0.0.1 with a random port, seeds the admin and hands out clients. */
export const startSdkServer = async (
  kind: DatabaseKind,
  env: Record<string, string> = {},
): Promise<SdkServer> => {
  const dataDir = tempDataDir();
  const t = await startTestApp(kind, {
    PENNON_DATA_DIR: dataDir,
    PENNON_ADMIN_PASSWORD: adminPassword,
    ...env,
  });
  await seedAdmin(t.connection.db, { password: adminPassword, announce: () => {} });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  // No retries: a test sees the first answer, and a failure fails at once.
  const anonymous = (options: ClientExtras = {}) => createNodeClient({ retry: 0, ...options, baseUrl });
  const withToken = (token: string, options: ClientExtras = {}) =>
    createNodeClient({ retry: 0, ...options, baseUrl, token });

  const signUp = async (name: string, password = userPassword): Promise<Account> => {
    const client = anonymous();
    const email = `${name}@example.com`;
    const res = await client.account.register({ userName: name, email, password });
    expect(res.data).toBe('LoggedIn');
    const { userId } = await client.account.profile();
    return { client, id: userId, name, email, password };
  };

  let adminClient: Promise<PennonClient> | undefined;
  const admin = () => {
    adminClient ??= (async () => {
      const client = anonymous();
      await client.account.login({ userName: 'admin', password: adminPassword });
      return client;
    })();
    return adminClient;
  };

  const withRole = (name: string, role: Role) => {
    let made: Promise<Account> | undefined;
    return () => {
      made ??= (async () => {
        const account = await signUp(name);
        await (await admin()).admin.updateUser(account.id, { role });
        return account;
      })();
      return made;
    };
  };

  return {
    t,
    baseUrl,
    dataDir,
    anonymous,
    signUp,
    admin,
    monitor: withRole('monitor1', 'Monitor'),
    banned: withRole('banned1', 'Banned'),
    withToken,
    close: () => t.close(),
  };
};

/** The PennonError a call rejects with; fails the test when it succeeds or throws something else. */
export const failure = async (call: Promise<unknown>): Promise<PennonError> => {
  try {
    await call;
  } catch (err) {
    if (isPennonError(err)) return err;
    throw err;
  }
  throw new Error('expected the call to fail, but it succeeded');
};

/** A fetch that counts what it sends and the statuses it gets back. */
export const countingFetch = () => {
  const seen: { method: string; url: string; status: number }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const response = await globalThis.fetch(request);
    seen.push({ method: request.method, url: request.url, status: response.status });
    return response;
  };
  return { fetch, seen };
};

/** A real PNG of the given size, as bytes (what a Node script reads from disk). */
export const pngBytes = async (width = 64, height = 64): Promise<Uint8Array> =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
      .png()
      .toBuffer(),
  );

/** A game key pair and the participation-token check body it signs for `teamId` (§2.9 verify). */
export const signedTeamToken = (teamId: number): { teamToken: string; publicKey: string } => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url').toString('base64');
  const signature = sign(null, Buffer.from(`GZCTF_TEAM_${teamId}`), privateKey).toString('base64');
  return { teamToken: `${teamId}:${signature}`, publicKey: raw };
};

/**
 * The endpoints of issue 5 in the contract, as `group.key`: account, admin without the game ones
 * (participation, writeups, instances), tokens, assets, info, team, and the posts of edit.
 */
export const issue5Endpoints = (): string[] =>
  Object.entries(routes).flatMap(([group, endpoints]) =>
    Object.entries(endpoints as Record<string, { path: string }>)
      .filter(([key, endpoint]) => {
        if (['account', 'tokens', 'assets', 'info', 'team'].includes(group)) return true;
        if (group === 'admin') return !/participation|writeups|instances/.test(endpoint.path);
        if (group === 'edit') return /Post$/.test(key);
        return false;
      })
      .map(([key]) => `${group}.${key}`),
  );
