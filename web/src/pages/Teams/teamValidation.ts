import type { TFunction } from 'i18next';
import { maxLengthRule } from '../../utils/userFields.ts';
import { TEAM_BIO_MAX, TEAM_NAME_MAX } from './invite.ts';

/** The checks on a team's name and bio, for the captain's form and the admin's alike. */
export const teamValidation = (t: TFunction) => ({
  name: (value: string) =>
    !value.trim()
      ? t('team.validation.name_required')
      : value.trim().length > TEAM_NAME_MAX
        ? t('account.validation.too_long', { max: TEAM_NAME_MAX })
        : null,
  bio: maxLengthRule(t, TEAM_BIO_MAX),
});
