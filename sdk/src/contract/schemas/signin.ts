// Pennon's own sign-in routes (routes/signin.ts): OpenID Connect, passkeys, second factors and their settings.
import Type from 'typebox';
import { LoginModel } from '../models/account.ts';
import {
  AccountSecurity,
  EnrolResult,
  ExternalLinkModel,
  ExternalRegisterModel,
  ExternalSignIn,
  NewPasskeyModel,
  OidcProviderInfo,
  OidcProviderModel,
  OidcRedirect,
  OidcStartModel,
  PasskeyAssertion,
  PasskeyCreationOptions,
  PasskeyInfo,
  PasskeyNameModel,
  PasskeyRequestOptions,
  ProviderId,
  SecondFactorCodeModel,
  SignInMethods,
  SignInPolicy,
  SignInResult,
  SignInSettings,
  TotpConfirmModel,
  TotpSetup,
  UserSignIn,
} from '../models/signin.ts';
import type { EndpointSchemas } from '../route.ts';
import { Guid } from '../schema.ts';

const byProvider = Type.Object({ provider: ProviderId });
const byPasskey = Type.Object({ id: Type.String({ minLength: 1, maxLength: 1024 }) });

export const signIn = {
  methods: { summary: 'How one may sign in here: password, providers', response: SignInMethods },
  password: {
    summary: 'Sign in with a password; the result says whether a second factor is asked for',
    body: LoginModel,
    response: SignInResult,
  },
  code: {
    summary: 'Answer the second factor of a sign-in with an authenticator code or a recovery code',
    body: SecondFactorCodeModel,
    response: SignInResult,
  },
  passkeyOptions: {
    summary: "A challenge for a passkey: a sign-in's second factor, else a sign-in by passkey alone",
    response: PasskeyRequestOptions,
  },
  passkey: {
    summary: 'Sign in (or answer the second factor) with the passkey that signed the challenge',
    body: PasskeyAssertion,
    response: SignInResult,
  },
  cancel: { summary: 'Drop the sign-in under way' },
  startOidc: {
    summary: 'Start signing in with a provider: answers its authorization URL for the browser to open',
    params: byProvider,
    body: OidcStartModel,
    response: OidcRedirect,
  },
  oidcCallback: {
    summary: 'Where the provider sends the browser back (the redirect URI); answers a redirect to a page',
    params: byProvider,
    query: Type.Object({
      code: Type.Optional(Type.String({ maxLength: 4096 })),
      state: Type.Optional(Type.String({ maxLength: 1024 })),
      iss: Type.Optional(Type.String({ maxLength: 2048 })),
      error: Type.Optional(Type.String({ maxLength: 256 })),
      error_description: Type.Optional(Type.String({ maxLength: 4096 })),
    }),
  },
  external: {
    summary: "A provider's first sign-in, linked to no account yet: what it may do",
    response: ExternalSignIn,
  },
  externalRegister: {
    summary: "Create an account for the provider's identity and sign it in",
    body: ExternalRegisterModel,
    response: SignInResult,
  },
  externalLink: {
    summary: "Link the provider's identity to an existing account, proven by its password, and sign in",
    body: ExternalLinkModel,
    response: SignInResult,
  },
} satisfies Record<string, EndpointSchemas>;

const code = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 64 }) },
  { title: 'SecondFactorProofModel' },
);

export const security = {
  overview: { summary: "The caller's ways to sign in", response: AccountSecurity },
  totpSetup: {
    summary: 'A new authenticator-app secret, kept until confirmed with a code',
    response: TotpSetup,
  },
  totpConfirm: {
    summary: 'Turn the authenticator app on with a code it shows; answers the recovery codes',
    body: TotpConfirmModel,
    response: EnrolResult,
  },
  totpRemove: {
    summary: 'Turn the authenticator app off, with a code of it or a recovery code',
    body: code,
  },
  recoveryCodes: {
    summary: 'New recovery codes (the old ones stop working), with an authenticator code when the app is on',
    body: Type.Object({ code: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }),
    response: Type.Array(Type.String()),
  },
  passkeyOptions: { summary: 'A challenge to create a passkey with', response: PasskeyCreationOptions },
  addPasskey: {
    summary: 'Keep the passkey created for the challenge',
    body: NewPasskeyModel,
    response: Type.Object({ passkey: PasskeyInfo, result: EnrolResult }),
  },
  renamePasskey: {
    summary: 'Rename one of the caller’s passkeys',
    params: byPasskey,
    body: PasskeyNameModel,
    response: PasskeyInfo,
  },
  removePasskey: { summary: 'Remove one of the caller’s passkeys', params: byPasskey },
  linkProvider: {
    summary: "Start linking a provider's identity to the caller: answers its authorization URL",
    params: byProvider,
    response: OidcRedirect,
  },
  unlinkProvider: { summary: "Unlink the caller's identity at a provider", params: byProvider },
} satisfies Record<string, EndpointSchemas>;

const byUser = Type.Object({ userid: Guid });

export const signInAdmin = {
  settings: { summary: 'The sign-in policy and the OpenID Connect providers', response: SignInSettings },
  updatePolicy: { summary: 'Change the sign-in policy', body: SignInPolicy },
  addProvider: {
    summary: 'Add an OpenID Connect provider',
    body: OidcProviderModel,
    response: OidcProviderInfo,
  },
  updateProvider: {
    summary: 'Change an OpenID Connect provider (an empty secret keeps the stored one)',
    params: Type.Object({ id: ProviderId }),
    body: OidcProviderModel,
    response: OidcProviderInfo,
  },
  removeProvider: {
    summary: 'Remove an OpenID Connect provider and the identities linked through it',
    params: Type.Object({ id: ProviderId }),
  },
  userMethods: { summary: "A user's ways to sign in", params: byUser, response: UserSignIn },
  resetSecondFactor: {
    summary: "Remove a user's authenticator app, recovery codes and passkeys (a lost device)",
    params: byUser,
  },
  unlinkIdentity: {
    summary: "Unlink a user's identity at a provider",
    params: Type.Object({ userid: Guid, provider: ProviderId }),
  },
} satisfies Record<string, EndpointSchemas>;
