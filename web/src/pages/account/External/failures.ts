import type { SignInFailure } from '@pennon/sdk';

/** The explanation of each way a provider sign-in can fail (the `error` the server's callback sends here). */
export const FAILURE_KEYS: Record<SignInFailure, string> = {
  unreachable: 'account.external.error.unreachable',
  refused: 'account.external.error.refused',
  'provider-error': 'account.external.error.provider_error',
  'bad-state': 'account.external.error.bad_state',
  replayed: 'account.external.error.replayed',
  expired: 'account.external.error.expired',
  'code-rejected': 'account.external.error.code_rejected',
  'wrong-audience': 'account.external.error.wrong_audience',
  'bad-nonce': 'account.external.error.bad_nonce',
  'invalid-token': 'account.external.error.invalid_token',
  'unverified-email': 'account.external.error.unverified_email',
  'domain-not-allowed': 'account.external.error.domain_not_allowed',
  'already-linked': 'account.external.error.already_linked',
  unavailable: 'account.external.error.unavailable',
  banned: 'account.external.error.banned',
  'not-activated': 'account.external.error.not_activated',
};

/** The key explaining `reason`; an unknown one reads as "the sign-in could not be finished". */
export const failureKey = (reason: string): string =>
  Object.hasOwn(FAILURE_KEYS, reason) ? FAILURE_KEYS[reason as SignInFailure] : FAILURE_KEYS.unavailable;
