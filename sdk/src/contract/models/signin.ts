// Pennon's own sign-in models, beside GZ::CTF's password login: OpenID Connect providers, passkeys (WebAuthn, in the
// JSON shapes of the browser's `toJSON()` and @simplewebauthn) and TOTP second factors with recovery codes.
import Type, { type Static } from 'typebox';
import { Role } from '../enums.ts';
import { PASSKEY_NAME_MAX } from '../rules/sign-in.ts';
import { USER_NAME_MAX, USER_NAME_MIN } from '../rules/user-name.ts';
import { Guid, Nullable, StringEnum, Timestamp } from '../schema.ts';
import { RegistrationFieldValues } from './registration-fields.ts';

/** A provider as a sign-in button shows it. */
export const SignInProvider = Type.Object(
  {
    /** The slug in the provider's paths. */
    id: Type.String(),
    name: Type.String(),
    /** An image URL for the button, or null for the default icon. */
    iconUrl: Nullable(Type.String()),
  },
  { title: 'SignInProvider' },
);
export type SignInProvider = Static<typeof SignInProvider>;

/** How one may sign in here: what the sign-in and registration pages offer. */
export const SignInMethods = Type.Object(
  {
    /** False when an admin turned password sign-in off (while a provider is enabled). */
    password: Type.Boolean(),
    /** Whether new accounts may register with a password. */
    passwordRegistration: Type.Boolean(),
    providers: Type.Array(SignInProvider),
  },
  { title: 'SignInMethods' },
);
export type SignInMethods = Static<typeof SignInMethods>;

/** Pennon only: a second sign-in factor: an authenticator app (`Totp`), a passkey, or a recovery code. */
export const SecondFactor = StringEnum('SecondFactor', ['Totp', 'Passkey', 'RecoveryCode']);
export type SecondFactor = Static<typeof SecondFactor>;

/**
 * `SignedIn`: the session cookie is set. `SecondFactorRequired`: the account asks for one of `factors` (a code or a
 * passkey) before it is. `EnrolmentRequired`: the account's role needs a second factor it doesn't have yet; it sets
 * one up (the `security` routes) and is signed in when done.
 */
export const SignInStatus = StringEnum('SignInStatus', [
  'SignedIn',
  'SecondFactorRequired',
  'EnrolmentRequired',
]);
export type SignInStatus = Static<typeof SignInStatus>;

/** Pennon only: how far a sign-in got (see the status), and the second factors it may ask for. */
export const SignInResult = Type.Object(
  {
    status: SignInStatus,
    /** The second factors the account has, when one is asked for. */
    factors: Type.Array(SecondFactor),
  },
  { title: 'SignInResult' },
);
export type SignInResult = Static<typeof SignInResult>;

/** Pennon only: the second step of a sign-in, with a code. */
export const SecondFactorCodeModel = Type.Object(
  {
    /** `Totp`: the 6 digits of the authenticator app; `RecoveryCode`: one of the codes given at set-up. */
    kind: Type.Union([Type.Literal('Totp'), Type.Literal('RecoveryCode')]),
    code: Type.String({ minLength: 1, maxLength: 64 }),
  },
  { title: 'SecondFactorCodeModel' },
);
export type SecondFactorCodeModel = Static<typeof SecondFactorCodeModel>;

/** Where to go once signed in: a path of this platform (anything else is taken as `/`). */
export const OidcStartModel = Type.Object(
  { from: Type.Optional(Type.String({ maxLength: 2048 })) },
  { title: 'OidcStartModel' },
);
export type OidcStartModel = Static<typeof OidcStartModel>;

/** The provider's authorization URL, for the browser to open. */
export const OidcRedirect = Type.Object({ url: Type.String() }, { title: 'OidcRedirect' });
export type OidcRedirect = Static<typeof OidcRedirect>;

/**
 * Why a provider sign-in ended without one: the `error` of `/account/External?error=…`, where the provider's
 * callback sends the browser; the web client explains each in the user's language.
 */
export type SignInFailure =
  | 'unreachable'
  | 'refused'
  | 'provider-error'
  | 'bad-state'
  | 'replayed'
  | 'expired'
  | 'code-rejected'
  | 'wrong-audience'
  | 'bad-nonce'
  | 'invalid-token'
  | 'unverified-email'
  | 'domain-not-allowed'
  | 'already-linked'
  | 'unavailable'
  | 'banned'
  | 'not-activated';

/** A first sign-in through a provider whose identity is linked to no account yet: what it may do next. */
export const ExternalSignIn = Type.Object(
  {
    provider: SignInProvider,
    /** The e-mail the provider vouches for (verified), or null. */
    email: Nullable(Type.String()),
    /** A free user name made from the provider's claims, to propose. */
    proposedUserName: Type.String(),
    /** Whether a new account may be made for this identity. */
    canRegister: Type.Boolean(),
    /** Set when an account has the same e-mail: linking to it needs its password. */
    existingAccount: Type.Boolean(),
  },
  { title: 'ExternalSignIn' },
);
export type ExternalSignIn = Static<typeof ExternalSignIn>;

/**
 * Pennon only: the user name (and registration fields) of an account created through an external
 * sign-in (OpenID Connect).
 */
export const ExternalRegisterModel = Type.Object(
  {
    userName: Type.String({ minLength: USER_NAME_MIN, maxLength: USER_NAME_MAX }),
    /** The admin's registration fields, checked as at a password registration. */
    fields: Type.Optional(RegistrationFieldValues),
  },
  { title: 'ExternalRegisterModel' },
);
export type ExternalRegisterModel = Static<typeof ExternalRegisterModel>;

/** Proves ownership of the account to link the identity to. */
export const ExternalLinkModel = Type.Object(
  {
    /** A user name or an e-mail address. */
    userName: Type.String({ minLength: 1 }),
    password: Type.String({ minLength: 1 }),
  },
  { title: 'ExternalLinkModel' },
);
export type ExternalLinkModel = Static<typeof ExternalLinkModel>;

// WebAuthn in its JSON forms (base64url strings for the bytes).
const Base64Url = Type.String({ maxLength: 65536 });
const CredentialDescriptor = Type.Object({
  id: Base64Url,
  type: Type.Literal('public-key'),
  transports: Type.Optional(Type.Array(Type.String())),
});
const Extensions = Type.Optional(Type.Record(Type.String(), Type.Unknown()));

/** What `navigator.credentials.get` takes (`@simplewebauthn/browser`'s `startAuthentication({ optionsJSON })`). */
export const PasskeyRequestOptions = Type.Object(
  {
    challenge: Base64Url,
    timeout: Type.Optional(Type.Integer()),
    rpId: Type.Optional(Type.String()),
    allowCredentials: Type.Optional(Type.Array(CredentialDescriptor)),
    userVerification: Type.Optional(
      Type.Union([Type.Literal('required'), Type.Literal('preferred'), Type.Literal('discouraged')]),
    ),
    extensions: Extensions,
  },
  { title: 'PasskeyRequestOptions' },
);
export type PasskeyRequestOptions = Static<typeof PasskeyRequestOptions>;

/** What `navigator.credentials.create` takes (`startRegistration({ optionsJSON })`). */
export const PasskeyCreationOptions = Type.Object(
  {
    rp: Type.Object({ id: Type.Optional(Type.String()), name: Type.String() }),
    user: Type.Object({ id: Base64Url, name: Type.String(), displayName: Type.String() }),
    challenge: Base64Url,
    pubKeyCredParams: Type.Array(Type.Object({ alg: Type.Integer(), type: Type.Literal('public-key') })),
    timeout: Type.Optional(Type.Integer()),
    excludeCredentials: Type.Optional(Type.Array(CredentialDescriptor)),
    authenticatorSelection: Type.Optional(
      Type.Object({
        authenticatorAttachment: Type.Optional(
          Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')]),
        ),
        requireResidentKey: Type.Optional(Type.Boolean()),
        residentKey: Type.Optional(
          Type.Union([Type.Literal('discouraged'), Type.Literal('preferred'), Type.Literal('required')]),
        ),
        userVerification: Type.Optional(
          Type.Union([Type.Literal('required'), Type.Literal('preferred'), Type.Literal('discouraged')]),
        ),
      }),
    ),
    attestation: Type.Optional(
      Type.Union([
        Type.Literal('none'),
        Type.Literal('indirect'),
        Type.Literal('direct'),
        Type.Literal('enterprise'),
      ]),
    ),
    extensions: Extensions,
  },
  { title: 'PasskeyCreationOptions' },
);
export type PasskeyCreationOptions = Static<typeof PasskeyCreationOptions>;

const credentialFields = {
  id: Base64Url,
  rawId: Base64Url,
  authenticatorAttachment: Type.Optional(
    Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')]),
  ),
  clientExtensionResults: Type.Record(Type.String(), Type.Unknown()),
  type: Type.Literal('public-key'),
};

/** A passkey's answer to `PasskeyRequestOptions` (the credential's `toJSON()`). */
export const PasskeyAssertion = Type.Object(
  {
    ...credentialFields,
    response: Type.Object({
      clientDataJSON: Base64Url,
      authenticatorData: Base64Url,
      signature: Base64Url,
      userHandle: Type.Optional(Base64Url),
    }),
  },
  { title: 'PasskeyAssertion' },
);
export type PasskeyAssertion = Static<typeof PasskeyAssertion>;

/** A new passkey, as `navigator.credentials.create` made it (the credential's `toJSON()`). */
export const PasskeyAttestation = Type.Object(
  {
    ...credentialFields,
    response: Type.Object({
      clientDataJSON: Base64Url,
      attestationObject: Base64Url,
      authenticatorData: Type.Optional(Base64Url),
      transports: Type.Optional(Type.Array(Type.String())),
      publicKeyAlgorithm: Type.Optional(Type.Integer()),
      publicKey: Type.Optional(Base64Url),
    }),
  },
  { title: 'PasskeyAttestation' },
);
export type PasskeyAttestation = Static<typeof PasskeyAttestation>;

/** Something to tell it by: a blank name would list as nothing. */
export const PasskeyName = Type.String({ minLength: 1, maxLength: PASSKEY_NAME_MAX, pattern: '\\S' });

/** Pennon only: a passkey to add to the account: its name and the browser's attestation. */
export const NewPasskeyModel = Type.Object(
  { name: PasskeyName, credential: PasskeyAttestation },
  { title: 'NewPasskeyModel' },
);
export type NewPasskeyModel = Static<typeof NewPasskeyModel>;

/** Pennon only: renames a passkey. */
export const PasskeyNameModel = Type.Object({ name: PasskeyName }, { title: 'PasskeyNameModel' });
export type PasskeyNameModel = Static<typeof PasskeyNameModel>;

/** Pennon only: one of the account's passkeys, as its security page lists it. */
export const PasskeyInfo = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    createdAt: Timestamp,
    /** Null: never used. */
    lastUsedAt: Nullable(Timestamp),
    /** Synced between devices by its password manager. */
    backedUp: Type.Boolean(),
  },
  { title: 'PasskeyInfo' },
);
export type PasskeyInfo = Static<typeof PasskeyInfo>;

/** Pennon only: an external sign-in linked to the account. */
export const LinkedIdentity = Type.Object(
  {
    provider: SignInProvider,
    /** The provider's e-mail address for the user, if it gave one. */
    email: Nullable(Type.String()),
    linkedAt: Timestamp,
    /** Null: never used to sign in. */
    lastUsedAt: Nullable(Timestamp),
  },
  { title: 'LinkedIdentity' },
);
export type LinkedIdentity = Static<typeof LinkedIdentity>;

/** A user's ways to sign in, as the profile (and an admin) sees them. */
export const SignInMethodsOfUser = Type.Object(
  {
    hasPassword: Type.Boolean(),
    totp: Type.Boolean(),
    /** Recovery codes not used yet. */
    recoveryCodes: Type.Integer(),
    passkeys: Type.Array(PasskeyInfo),
    identities: Type.Array(LinkedIdentity),
  },
  { title: 'SignInMethodsOfUser' },
);
export type SignInMethodsOfUser = Static<typeof SignInMethodsOfUser>;

/** The caller's sign-in methods and what the platform asks of them. */
export const AccountSecurity = Type.Object(
  {
    methods: SignInMethodsOfUser,
    /** Providers the caller may link (enabled, not linked yet). */
    linkable: Type.Array(SignInProvider),
    /** The caller's role must have a second factor (an admin setting for Admin and Monitor accounts). */
    secondFactorRequired: Type.Boolean(),
    /** Set while the caller is setting up the second factor its role needs, before it is signed in. */
    enrolling: Type.Boolean(),
  },
  { title: 'AccountSecurity' },
);
export type AccountSecurity = Static<typeof AccountSecurity>;

/** Pennon only: an authenticator app being set up: the secret to enter, or scan as a QR code. */
export const TotpSetup = Type.Object(
  {
    /** Base32, for typing into an authenticator app. */
    secret: Type.String(),
    /** `otpauth://totp/…`, for a QR code. */
    uri: Type.String(),
  },
  { title: 'TotpSetup' },
);
export type TotpSetup = Static<typeof TotpSetup>;

/** Pennon only: a code from the authenticator app, confirming its set-up. */
export const TotpConfirmModel = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 16 }) },
  { title: 'TotpConfirmModel' },
);
export type TotpConfirmModel = Static<typeof TotpConfirmModel>;

/** Set-up finished: the recovery codes (shown once) and whether this finished a sign-in. */
export const EnrolResult = Type.Object(
  {
    recoveryCodes: Type.Array(Type.String()),
    signedIn: Type.Boolean(),
  },
  { title: 'EnrolResult' },
);
export type EnrolResult = Static<typeof EnrolResult>;

/** Admin: the sign-in rules. */
export const SignInPolicy = Type.Object(
  {
    /** Off: only providers and passkeys sign in (while a provider is enabled). */
    passwordSignIn: Type.Boolean({ default: true }),
    /** Admin and Monitor accounts must have a second factor; they set one up at their next sign-in. */
    requireSecondFactor: Type.Boolean({ default: false }),
  },
  { title: 'SignInPolicy' },
);
export type SignInPolicy = Static<typeof SignInPolicy>;

/** Pennon only: an OpenID Connect provider's id, as its callback URL names it. */
export const ProviderId = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,31}$' });

/** Admin: a provider as it is stored, without its secret. */
export const OidcProviderInfo = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    issuer: Type.String(),
    clientId: Type.String(),
    iconUrl: Nullable(Type.String()),
    /** Comma-separated exact e-mail domains a first sign-in needs; empty allows any. */
    allowedDomains: Type.String(),
    /** A first sign-in may create an account; else it may only link to an existing one. */
    createAccounts: Type.Boolean(),
    /** A first sign-in whose verified e-mail is an account's links to it without the account's password. */
    linkByEmail: Type.Boolean(),
    enabled: Type.Boolean(),
    /** Set by PENNON_OIDC_*: read-only here. */
    fromEnvironment: Type.Boolean(),
    /** The redirect URI to register at the provider (null until PENNON_PUBLIC_URL is set). */
    redirectUri: Nullable(Type.String()),
  },
  { title: 'OidcProviderInfo' },
);
export type OidcProviderInfo = Static<typeof OidcProviderInfo>;

/** Pennon only: an OpenID Connect provider as an admin adds or edits it. */
export const OidcProviderModel = Type.Object(
  {
    id: ProviderId,
    name: Type.String({ minLength: 1, maxLength: 64 }),
    issuer: Type.String({ minLength: 1, maxLength: 2048 }),
    clientId: Type.String({ minLength: 1, maxLength: 512 }),
    /** Empty on an edit keeps the stored secret. */
    clientSecret: Type.String({ maxLength: 2048 }),
    iconUrl: Nullable(Type.String({ maxLength: 2048 })),
    allowedDomains: Type.String({ maxLength: 1024 }),
    createAccounts: Type.Boolean(),
    linkByEmail: Type.Boolean(),
    enabled: Type.Boolean(),
  },
  { title: 'OidcProviderModel' },
);
export type OidcProviderModel = Static<typeof OidcProviderModel>;

/** Pennon only: the platform's sign-in settings as an admin reads them: the policy and the providers. */
export const SignInSettings = Type.Object(
  {
    policy: SignInPolicy,
    providers: Type.Array(OidcProviderInfo),
    /** Whether passkeys can work: the platform's public address has a host name (not an IP address). */
    passkeysAvailable: Type.Boolean(),
  },
  { title: 'SignInSettings' },
);
export type SignInSettings = Static<typeof SignInSettings>;

/** Admin: a user's sign-in methods. */
export const UserSignIn = Type.Object(
  { userId: Guid, role: Role, methods: SignInMethodsOfUser },
  { title: 'UserSignIn' },
);
export type UserSignIn = Static<typeof UserSignIn>;
