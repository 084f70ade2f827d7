// An OpenID Connect provider on loopback for the sign-in tests: `oidc-provider` with its development pages (any
// login name signs in; then a consent page), one confidential client, and accounts made up from the login name.
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
}

/** Starts the provider; a login name `gull` is the account `gull` with the verified e-mail gull@campus.example. */
export const startOidcProvider = async (options: TestProviderOptions): Promise<TestProvider> => {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
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
  server.on('request', provider.callback());
  return {
    issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
