import { TextInput, type TextInputProps } from '@mantine/core';
import { USER_NAME_MAX, USER_NAME_MIN } from '@pennon/sdk';
import { useTranslation } from 'react-i18next';

/** The fields a person signs in by: no capitals or spelling fixes forced on a name typed on a phone. */
export const accountNameProps = {
  autoComplete: 'username',
  autoCapitalize: 'none',
  spellCheck: false,
} as const;

/** A new or changed user name, with the server's limits told and applied (registration, the profile). */
export function UserNameInput(props: TextInputProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('account.field.user_name')}
      description={t('account.hint.user_name', { min: USER_NAME_MIN, max: USER_NAME_MAX })}
      {...accountNameProps}
      maxLength={USER_NAME_MAX}
      required
      {...props}
    />
  );
}

/** An account's e-mail address (registration, recovery, a change in the profile). */
export function EmailInput(props: TextInputProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="email"
      label={t('account.field.email')}
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...props}
    />
  );
}
