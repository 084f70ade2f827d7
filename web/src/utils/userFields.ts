// The server's limits on a user's details, and the form checks built on them (registration, the profile,
// the admin's user form).
import {
  type NameProblem,
  TEAM_NAME_MAX,
  TEAM_NAME_MIN,
  teamNameProblem,
  USER_NAME_MAX,
  USER_NAME_MIN,
  userNameProblem,
} from '@pennon/sdk';
import type { TFunction } from 'i18next';

export const BIO_MAX = 128;
export const REAL_NAME_MAX = 128;
export const STD_NUMBER_MAX = 64;

/** A form check from one of the SDK's name rules: null when the server takes the name, else why not. */
const nameRule =
  (problemOf: (name: string) => NameProblem | null, prefix: string, min: number, max: number) =>
  (t: TFunction) =>
  (value: string) => {
    const problem = problemOf(value);
    return problem && t(`${prefix}_${problem}`, { min, max });
  };

/** A user name the server takes, or why not. */
export const userNameRule = nameRule(
  userNameProblem,
  'account.validation.user_name',
  USER_NAME_MIN,
  USER_NAME_MAX,
);

/** A team name the server takes, or why not. */
export const teamNameRule = nameRule(teamNameProblem, 'team.validation.name', TEAM_NAME_MIN, TEAM_NAME_MAX);

/** At most `max` characters, once trimmed. */
export const maxLengthRule = (t: TFunction, max: number) => (value: string) =>
  value.trim().length > max ? t('account.validation.too_long', { max }) : null;
