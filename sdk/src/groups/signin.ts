// Pennon's sign-in groups: `signIn` (password with a second factor, passkeys, OpenID Connect providers), `security`
// (the caller's own ways to sign in) and `signInAdmin` (the policy and the providers). A browser page drives the
// provider redirects; passkeys need `@simplewebauthn/browser` (or `navigator.credentials`) to sign the challenges.
import type { LoginModel } from '../contract/models/account.ts';
import type {
  AccountSecurity,
  EnrolResult,
  ExternalLinkModel,
  ExternalRegisterModel,
  ExternalSignIn,
  NewPasskeyModel,
  OidcProviderInfo,
  OidcProviderModel,
  OidcRedirect,
  PasskeyAssertion,
  PasskeyCreationOptions,
  PasskeyInfo,
  PasskeyRequestOptions,
  SecondFactorCodeModel,
  SignInMethods,
  SignInPolicy,
  SignInResult,
  SignInSettings,
  UserSignIn,
} from '../contract/models/signin.ts';
import { signInAdmin as a, signIn as r, security as s } from '../contract/routes/signin.ts';
import type { CallOptions, Requester } from '../transport/transport.ts';

/**
 * Pennon's sign-in calls, as `client.signIn` has them: the methods offered, password sign-in with a
 * second factor, passkeys and OpenID Connect.
 */
export interface SignInApi {
  /** GET /api/signin: whether passwords sign in, and the providers' buttons. */
  methods(options?: CallOptions): Promise<SignInMethods>;
  /** POST /api/signin/password: sign in; `SecondFactorRequired` asks for `code` or `passkey` next. */
  password(body: LoginModel, options?: CallOptions): Promise<SignInResult>;
  /** POST /api/signin/code: the second factor as an authenticator code or a recovery code. */
  code(body: SecondFactorCodeModel, options?: CallOptions): Promise<SignInResult>;
  /** POST /api/signin/passkey/options: the challenge for `passkey` (the second factor's, or a sign-in's). */
  passkeyOptions(options?: CallOptions): Promise<PasskeyRequestOptions>;
  /** POST /api/signin/passkey: the signed challenge; signs in. */
  passkey(body: PasskeyAssertion, options?: CallOptions): Promise<SignInResult>;
  /** POST /api/signin/cancel: drop the sign-in under way. */
  cancel(options?: CallOptions): Promise<void>;
  /** POST /api/signin/oidc/{provider}: the provider's URL to open; back at `from` once signed in. */
  startOidc(provider: string, body?: { from?: string }, options?: CallOptions): Promise<OidcRedirect>;
  /** GET /api/signin/external: a provider's first sign-in waiting for an account. */
  external(options?: CallOptions): Promise<ExternalSignIn>;
  /** POST /api/signin/external/register: a new account for the provider's identity. */
  externalRegister(body: ExternalRegisterModel, options?: CallOptions): Promise<SignInResult>;
  /** POST /api/signin/external/link: link the identity to an account proven by its password. */
  externalLink(body: ExternalLinkModel, options?: CallOptions): Promise<SignInResult>;
}

/** The sign-in group over a requester (see `createRequester`), for a script that needs only it. */
export const createSignInApi = (request: Requester): SignInApi => ({
  methods: (options) => request(r.methods, options),
  password: (body, options) => request(r.password, { ...options, body }),
  code: (body, options) => request(r.code, { ...options, body }),
  passkeyOptions: (options) => request(r.passkeyOptions, options),
  passkey: (body, options) => request(r.passkey, { ...options, body }),
  cancel: (options) => request(r.cancel, options),
  startOidc: (provider, body, options) =>
    request(r.startOidc, { ...options, params: { provider }, body: body ?? {} }),
  external: (options) => request(r.external, options),
  externalRegister: (body, options) => request(r.externalRegister, { ...options, body }),
  externalLink: (body, options) => request(r.externalLink, { ...options, body }),
});

/**
 * The caller's own ways to sign in, as `client.security` has them: authenticator app, recovery codes,
 * passkeys and linked identities.
 */
export interface SecurityApi {
  /** GET /api/security: the caller's passkeys, authenticator app, recovery codes and linked providers. */
  overview(options?: CallOptions): Promise<AccountSecurity>;
  /** POST /api/security/totp/setup: a new secret for an authenticator app (shown as a QR code). */
  totpSetup(options?: CallOptions): Promise<{ secret: string; uri: string }>;
  /** POST /api/security/totp: turn the app on with a code it shows; resolves to the recovery codes. */
  totpConfirm(code: string, options?: CallOptions): Promise<EnrolResult>;
  /** POST /api/security/totp/remove: turn the app off, with one of its codes or a recovery code. */
  totpRemove(code: string, options?: CallOptions): Promise<void>;
  /** POST /api/security/recovery-codes: new recovery codes (an authenticator code too when the app is on). */
  recoveryCodes(code?: string, options?: CallOptions): Promise<string[]>;
  /** POST /api/security/passkeys/options: the challenge to create a passkey with. */
  passkeyOptions(options?: CallOptions): Promise<PasskeyCreationOptions>;
  /** POST /api/security/passkeys: keep the passkey created for the challenge. */
  addPasskey(
    body: NewPasskeyModel,
    options?: CallOptions,
  ): Promise<{ passkey: PasskeyInfo; result: EnrolResult }>;
  /** PUT /api/security/passkeys/{id}: give a passkey another name. */
  renamePasskey(id: string, name: string, options?: CallOptions): Promise<PasskeyInfo>;
  /** DELETE /api/security/passkeys/{id}: remove a passkey. */
  removePasskey(id: string, options?: CallOptions): Promise<void>;
  /** POST /api/security/identities/{provider}: the provider's URL to open to link it. */
  linkProvider(provider: string, options?: CallOptions): Promise<OidcRedirect>;
  /** DELETE /api/security/identities/{provider}: unlink a provider. */
  unlinkProvider(provider: string, options?: CallOptions): Promise<void>;
}

/** The security group over a requester (see `createRequester`), for a script that needs only it. */
export const createSecurityApi = (request: Requester): SecurityApi => ({
  overview: (options) => request(s.overview, options),
  totpSetup: (options) => request(s.totpSetup, options),
  totpConfirm: (code, options) => request(s.totpConfirm, { ...options, body: { code } }),
  totpRemove: (code, options) => request(s.totpRemove, { ...options, body: { code } }),
  recoveryCodes: (code, options) =>
    request(s.recoveryCodes, { ...options, body: code === undefined ? {} : { code } }),
  passkeyOptions: (options) => request(s.passkeyOptions, options),
  addPasskey: (body, options) => request(s.addPasskey, { ...options, body }),
  renamePasskey: (id, name, options) =>
    request(s.renamePasskey, { ...options, params: { id }, body: { name } }),
  removePasskey: (id, options) => request(s.removePasskey, { ...options, params: { id } }),
  linkProvider: (provider, options) => request(s.linkProvider, { ...options, params: { provider } }),
  unlinkProvider: (provider, options) => request(s.unlinkProvider, { ...options, params: { provider } }),
});

/** The sign-in policy and OpenID Connect providers, as `client.signInAdmin` has them (admin only). */
export interface SignInAdminApi {
  /** GET /api/admin/signin: the policy and every provider (secrets never leave the server). */
  settings(options?: CallOptions): Promise<SignInSettings>;
  /** PUT /api/admin/signin/policy: password sign-in on or off, second factors for Admin and Monitor. */
  updatePolicy(body: SignInPolicy, options?: CallOptions): Promise<void>;
  /** POST /api/admin/signin/providers: add an OpenID Connect provider. */
  addProvider(body: OidcProviderModel, options?: CallOptions): Promise<OidcProviderInfo>;
  /** PUT /api/admin/signin/providers/{id}: change one (an empty `clientSecret` keeps the stored one). */
  updateProvider(id: string, body: OidcProviderModel, options?: CallOptions): Promise<OidcProviderInfo>;
  /** DELETE /api/admin/signin/providers/{id}: remove one and the identities linked through it. */
  removeProvider(id: string, options?: CallOptions): Promise<void>;
  /** GET /api/admin/users/{userid}/signin: a user's ways to sign in. */
  userMethods(userid: string, options?: CallOptions): Promise<UserSignIn>;
  /** DELETE /api/admin/users/{userid}/secondfactor: remove a user's app, recovery codes and passkeys. */
  resetSecondFactor(userid: string, options?: CallOptions): Promise<void>;
  /** DELETE /api/admin/users/{userid}/identities/{provider}: unlink a user's provider. */
  unlinkIdentity(userid: string, provider: string, options?: CallOptions): Promise<void>;
}

/** The sign-in admin group over a requester (see `createRequester`), for a script that needs only it. */
export const createSignInAdminApi = (request: Requester): SignInAdminApi => ({
  settings: (options) => request(a.settings, options),
  updatePolicy: (body, options) => request(a.updatePolicy, { ...options, body }),
  addProvider: (body, options) => request(a.addProvider, { ...options, body }),
  updateProvider: (id, body, options) => request(a.updateProvider, { ...options, params: { id }, body }),
  removeProvider: (id, options) => request(a.removeProvider, { ...options, params: { id } }),
  userMethods: (userid, options) => request(a.userMethods, { ...options, params: { userid } }),
  resetSecondFactor: (userid, options) => request(a.resetSecondFactor, { ...options, params: { userid } }),
  unlinkIdentity: (userid, provider, options) =>
    request(a.unlinkIdentity, { ...options, params: { userid, provider } }),
});
