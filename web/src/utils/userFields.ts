// The server's limits on a user's details, and the form checks built on them (registration, the profile,
// the admin's user form).
import { USER_NAME_MAX, USER_NAME_MIN, userNameProblem } from '@pennon/sdk';
import type { TFunction } from 'i18next';

export const BIO_MAX = 128;
export const REAL_NAME_MAX = 128;
export const STD_NUMBER_MAX = 64;

/** A user name the server takes (the SDK's rule), or why not. */
export const userNameRule = (t: TFunction) => (value: string) => {
  switch (userNameProblem(value)) {
    case null:
      return null;
    case 'length':
      return t('account.validation.user_name_length', { min: USER_NAME_MIN, max: USER_NAME_MAX });
    case 'spaces':
      return t('account.validation.user_name_spaces');
    case 'control':
      return t('account.validation.user_name_control');
    case 'invisible':
      return t('account.validation.user_name_invisible');
    case 'bidi':
      return t('account.validation.user_name_bidi');
  }
};

/** At most `max` characters, once trimmed. */
export const maxLengthRule = (t: TFunction, max: number) => (value: string) =>
  value.trim().length > max ? t('account.validation.too_long', { max }) : null;
