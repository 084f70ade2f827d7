// An OpenID Connect provider on loopback for the sign-in tests: `oidc-provider` with its development pages (any
// login name signs in; then a consent page), one confidential client, and accounts made up from the login name.
// It can misbehave on purpose: for chosen accounts, the ID token it answers is re-signed with altered claims.
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestProvider {
  issuer: string;
  stop(): Promise<void>;
}

export interface TestProviderOptions {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Login names whose e-mail the provider does not vouch for. */
  unverified?: string[];
  /** Login names whose ID token carries these claims instead (signed with the provider's own key). */
  tampered?: Record<string, Record<string, unknown>>;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An RS256 JWT of `claims` under `header`, signed with `key`. */
const signJwt = (header: Record<string, unknown>, claims: Record<string, unknown>, key: KeyObject) => {
  const input = `${base64url(header)}.${base64url(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
};

/**
 * Re-signs the ID token of the token endpoint's answer when its subject is in `tampered`. The answer is whole in
 * the one `end` call Koa makes, before any header is sent.
 */
const tamperTokens = (
  response: http.ServerResponse,
  tampered: Record<string, Record<string, unknown>>,
  key: KeyObject,
) => {
  const end = response.end.bind(response) as (body?: unknown) => http.ServerResponse;
  response.end = ((body?: unknown) => {
    if (!Buffer.isBuffer(body) && typeof body !== 'string') return end(body);
    const answer = JSON.parse(String(body)) as { id_token?: string };
    const [header, claims] = (answer.id_token ?? '')
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>);
    const change = claims && tampered[String(claims.sub)];
    if (!header || !claims || !change) return end(body);
    const altered = JSON.stringify({ ...answer, id_token: signJwt(header, { ...claims, ...change }, key) });
    response.setHeader('content-length', Buffer.byteLength(altered));
    return end(altered);
  }) as typeof response.end;
};

/** Starts the provider; a login name `gull` is the account `gull` with the verified e-mail gull@campus.example. */
export const startOidcProvider = async (options: TestProviderOptions): Promise<TestProvider> => {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', alg: 'RS256', use: 'sig' }] },
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: () => ({
        sub,
        email: `${sub}@campus.example`,
        email_verified: !options.unverified?.includes(sub),
        preferred_username: sub,
        name: sub,
      }),
    }),
    features: { devInteractions: { enabled: true } },
  });
  const handle = provider.callback();
  server.on('request', (request, response) => {
    if (options.tampered && request.url?.startsWith('/token'))
      tamperTokens(response, options.tampered, privateKey);
    handle(request, response);
  });
  return {
    issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
