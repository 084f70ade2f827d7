// The server's limits on a user's details, and the form checks built on them (registration, the profile,
// the admin's user form).
import type { TFunction } from 'i18next';
import { isUserName, USER_NAME_MAX, USER_NAME_MIN } from './password.ts';

export const BIO_MAX = 128;
export const REAL_NAME_MAX = 128;
export const STD_NUMBER_MAX = 64;

/** A user name of the length the server takes. */
export const userNameRule = (t: TFunction) => (value: string) =>
  isUserName(value)
    ? null
    : t('account.validation.user_name_length', { min: USER_NAME_MIN, max: USER_NAME_MAX });

/** At most `max` characters, once trimmed. */
export const maxLengthRule = (t: TFunction, max: number) => (value: string) =>
  value.trim().length > max ? t('account.validation.too_long', { max }) : null;
