// Pennon's own sign-in routes, beside GZ::CTF's password login (`routes.account.login`, which keeps working for
// accounts without a second factor): the methods offered, password sign-in with a second factor, passkeys, OpenID
// Connect providers; the caller's own methods (`security`); and their settings (`signInAdmin`).
import { endpoints } from '../route.ts';
import type {
  security as securitySchemas,
  signInAdmin as signInAdminSchemas,
  signIn as signInSchemas,
} from '../schemas/signin.ts';

/**
 * Pennon only: the sign-in routes (exported as `signInRoutes`): the methods offered, password sign-in with
 * a second factor, passkeys and OpenID Connect.
 */
export const signIn = endpoints<typeof signInSchemas>()({
  methods: { method: 'GET', path: '/api/signin', auth: 'anonymous', response: 'json' },
  password: {
    method: 'POST',
    path: '/api/signin/password',
    auth: 'anonymous',
    response: 'json',
    encrypted: ['password'],
  },
  code: { method: 'POST', path: '/api/signin/code', auth: 'anonymous', response: 'json', rateLimit: 'code' },
  passkeyOptions: {
    method: 'POST',
    path: '/api/signin/passkey/options',
    auth: 'anonymous',
    response: 'json',
  },
  passkey: {
    method: 'POST',
    path: '/api/signin/passkey',
    auth: 'anonymous',
    response: 'json',
    rateLimit: 'code',
  },
  cancel: { method: 'POST', path: '/api/signin/cancel', auth: 'anonymous', response: 'empty' },
  startOidc: { method: 'POST', path: '/api/signin/oidc/{provider}', auth: 'anonymous', response: 'json' },
  oidcCallback: {
    method: 'GET',
    path: '/api/signin/oidc/{provider}/callback',
    auth: 'anonymous',
    response: 'empty',
  },
  external: { method: 'GET', path: '/api/signin/external', auth: 'anonymous', response: 'json' },
  externalRegister: {
    method: 'POST',
    path: '/api/signin/external/register',
    auth: 'anonymous',
    response: 'json',
    rateLimit: 'register',
  },
  externalLink: {
    method: 'POST',
    path: '/api/signin/external/link',
    auth: 'anonymous',
    response: 'json',
    rateLimit: 'code',
    encrypted: ['password'],
  },
});

/**
 * The caller's own sign-in methods. Anonymous in the table: an account whose role needs a second factor sets it up
 * before it is signed in, in the sign-in it started; every handler asks for a session or that sign-in.
 */
export const security = endpoints<typeof securitySchemas>()({
  overview: { method: 'GET', path: '/api/security', auth: 'anonymous', response: 'json' },
  totpSetup: { method: 'POST', path: '/api/security/totp/setup', auth: 'anonymous', response: 'json' },
  totpConfirm: {
    method: 'POST',
    path: '/api/security/totp',
    auth: 'anonymous',
    response: 'json',
    rateLimit: 'code',
  },
  totpRemove: {
    method: 'POST',
    path: '/api/security/totp/remove',
    auth: 'user',
    response: 'empty',
    rateLimit: 'code',
  },
  recoveryCodes: {
    method: 'POST',
    path: '/api/security/recovery-codes',
    auth: 'user',
    response: 'json',
    rateLimit: 'code',
  },
  passkeyOptions: {
    method: 'POST',
    path: '/api/security/passkeys/options',
    auth: 'anonymous',
    response: 'json',
  },
  addPasskey: { method: 'POST', path: '/api/security/passkeys', auth: 'anonymous', response: 'json' },
  renamePasskey: {
    method: 'PUT',
    path: '/api/security/passkeys/{id}',
    auth: 'user',
    response: 'json',
  },
  removePasskey: {
    method: 'DELETE',
    path: '/api/security/passkeys/{id}',
    auth: 'user',
    response: 'empty',
  },
  linkProvider: {
    method: 'POST',
    path: '/api/security/identities/{provider}',
    auth: 'user',
    response: 'json',
  },
  unlinkProvider: {
    method: 'DELETE',
    path: '/api/security/identities/{provider}',
    auth: 'user',
    response: 'empty',
  },
});

/**
 * Pennon only: an admin's sign-in settings (exported as `signInAdminRoutes`): the policy and the OpenID
 * Connect providers.
 */
export const signInAdmin = endpoints<typeof signInAdminSchemas>()({
  settings: { method: 'GET', path: '/api/admin/signin', auth: 'admin', response: 'json' },
  updatePolicy: { method: 'PUT', path: '/api/admin/signin/policy', auth: 'admin', response: 'empty' },
  addProvider: { method: 'POST', path: '/api/admin/signin/providers', auth: 'admin', response: 'json' },
  updateProvider: {
    method: 'PUT',
    path: '/api/admin/signin/providers/{id}',
    auth: 'admin',
    response: 'json',
  },
  removeProvider: {
    method: 'DELETE',
    path: '/api/admin/signin/providers/{id}',
    auth: 'admin',
    response: 'empty',
  },
  userMethods: { method: 'GET', path: '/api/admin/users/{userid}/signin', auth: 'admin', response: 'json' },
  resetSecondFactor: {
    method: 'DELETE',
    path: '/api/admin/users/{userid}/secondfactor',
    auth: 'admin',
    response: 'empty',
  },
  unlinkIdentity: {
    method: 'DELETE',
    path: '/api/admin/users/{userid}/identities/{provider}',
    auth: 'admin',
    response: 'empty',
  },
});
