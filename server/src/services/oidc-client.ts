// The OpenID Connect relying party, all of its protocol done by `openid-client`: discovery, the authorization URL
// (code flow with PKCE S256, `state` and `nonce`), the code exchange and the ID token's checks (signature, issuer,
// audience, expiry, nonce). Providers are reached over https; plain http only on a loopback host (a provider tried
// out on one machine). What goes wrong is named as a `SignInFailure` for the page the user lands on.

import type { SignInFailure } from '@pennon/sdk/contract';
import {
  AuthorizationResponseError,
  allowInsecureRequests,
  authorizationCodeGrant,
  buildAuthorizationUrl,
  ClientError,
  ClientSecretBasic,
  type Configuration,
  calculatePKCECodeChallenge,
  discovery,
  fetchUserInfo,
  None,
  ResponseBodyError,
  randomNonce,
  randomPKCECodeVerifier,
  randomState,
} from 'openid-client';
import type { OidcProvider } from './oidc-providers.ts';
import { isLoopbackHost } from './public-origin.ts';

export class SignInFailed extends Error {
  constructor(
    readonly reason: SignInFailure,
    options?: { cause?: unknown },
  ) {
    super(`provider sign-in failed: ${reason}`, options);
  }
}

/** What a provider vouches for about the user. */
export interface ProviderClaims {
  subject: string;
  /** Null unless the provider says the address is verified. */
  verifiedEmail: string | null;
  /** An address the provider gave without vouching for it. */
  email: string | null;
  /** Words to propose a user name from, best first. */
  names: string[];
}

export interface Authorization {
  url: string;
  state: string;
  nonce: string;
  verifier: string;
}

/** How long discovery (the provider's metadata and keys' location) is kept. */
const discoveryMaxAgeMs = 60 * 60 * 1000;
/** Seconds a request to a provider may take. */
const requestTimeout = 10;

const claimOf = (err: unknown): string | undefined => {
  for (let at = err; at instanceof Error; at = at.cause) {
    const claim = (at.cause as { claim?: unknown } | undefined)?.claim;
    if (typeof claim === 'string') return claim;
  }
  return undefined;
};

/** The failure an error of the library (or of the network under it) means. */
export const failureOf = (err: unknown): SignInFailure => {
  if (err instanceof SignInFailed) return err.reason;
  if (err instanceof AuthorizationResponseError) {
    return err.error === 'access_denied' ? 'refused' : 'provider-error';
  }
  // The token endpoint refused the code: used already, expired, or not issued to us.
  if (err instanceof ResponseBodyError)
    return err.error === 'invalid_grant' ? 'code-rejected' : 'provider-error';
  if (err instanceof ClientError) {
    if (err.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED') {
      const claim = claimOf(err);
      if (claim === 'aud' || claim === 'azp') return 'wrong-audience';
      if (claim === 'nonce') return 'bad-nonce';
      return 'invalid-token';
    }
    if (err.code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED') return 'bad-state';
    if (err.code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return 'invalid-token';
    if (err.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || err.code === 'OAUTH_RESPONSE_IS_NOT_JSON') {
      return 'unreachable';
    }
    return 'invalid-token';
  }
  // fetch's "fetch failed", a time-out, a refused connection: the provider can't be reached.
  return 'unreachable';
};

export class OidcClient {
  readonly #configs = new Map<string, { key: string; at: number; config: Promise<Configuration> }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The provider's discovered configuration, kept an hour; a failure is not kept. */
  private async configuration(provider: OidcProvider): Promise<Configuration> {
    const secret = await provider.secret();
    const key = JSON.stringify([provider.issuer, provider.clientId, secret]);
    const kept = this.#configs.get(provider.id);
    if (kept && kept.key === key && this.now() - kept.at < discoveryMaxAgeMs) return kept.config;
    const issuer = new URL(provider.issuer);
    const insecure = issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname);
    // client_secret_basic: what OpenID Connect takes when a provider says nothing, and what every provider accepts.
    const auth = secret ? ClientSecretBasic(secret) : None();
    const config = discovery(issuer, provider.clientId, undefined, auth, {
      timeout: requestTimeout,
      ...(insecure && { execute: [allowInsecureRequests] }),
    });
    this.#configs.set(provider.id, { key, at: this.now(), config });
    config.catch(() => {
      if (this.#configs.get(provider.id)?.config === config) this.#configs.delete(provider.id);
    });
    return config;
  }

  /** The URL to send the browser to, and the secrets the callback will check its answer against. */
  async authorize(provider: OidcProvider, redirectUri: string): Promise<Authorization> {
    const config = await this.configuration(provider).catch((err: unknown) => {
      throw new SignInFailed('unreachable', { cause: err });
    });
    const verifier = randomPKCECodeVerifier();
    const state = randomState();
    const nonce = randomNonce();
    const url = buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state, nonce, verifier };
  }

  /**
   * Exchanges the code of the provider's answer (`query`, as sent to `redirectUri`) and checks the ID token; answers
   * its claims. The e-mail may come from the userinfo endpoint when the ID token leaves it out.
   */
  async callback(
    provider: OidcProvider,
    redirectUri: string,
    query: string,
    expected: { state: string; nonce: string; verifier: string },
  ): Promise<ProviderClaims> {
    try {
      const config = await this.configuration(provider);
      const answer = new URL(redirectUri);
      answer.search = query;
      const tokens = await authorizationCodeGrant(config, answer, {
        pkceCodeVerifier: expected.verifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new SignInFailed('invalid-token');
      const info =
        typeof claims.email === 'string' || !config.serverMetadata().userinfo_endpoint
          ? claims
          : { ...claims, ...(await fetchUserInfo(config, tokens.access_token, claims.sub)) };
      const email = typeof info.email === 'string' && info.email.includes('@') ? info.email : null;
      const names = [info.preferred_username, info.nickname, info.name, email?.split('@')[0]].filter(
        (name): name is string => typeof name === 'string' && name.trim() !== '',
      );
      return {
        subject: claims.sub,
        verifiedEmail: email && info.email_verified === true ? email : null,
        email,
        names,
      };
    } catch (err) {
      throw err instanceof SignInFailed ? err : new SignInFailed(failureOf(err), { cause: err });
    }
  }
}
