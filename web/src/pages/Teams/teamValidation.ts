import type { TFunction } from 'i18next';
import { maxLengthRule, teamNameRule } from '../../utils/userFields.ts';
import { TEAM_BIO_MAX } from './invite.ts';

/** The checks on a team's name (the server's rule, on the name as it is sent: trimmed) and bio, for the captain's
 * form and the admin's alike. */
export const teamValidation = (t: TFunction) => {
  const name = teamNameRule(t);
  return {
    name: (value: string) => (value.trim() ? name(value.trim()) : t('team.validation.name_required')),
    bio: maxLengthRule(t, TEAM_BIO_MAX),
  };
};
