import { PasswordInput, Stack } from '@mantine/core';
import { matchesField, type UseFormReturnType } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isStrongPassword } from '../../utils/password.ts';
import { PasswordStrength } from '../PasswordStrength/index.ts';

/** The checks of a new password and its confirmation, for `useForm`'s `validate`. */
export const newPasswordRules = <Values,>(t: TFunction, passwordField: keyof Values) => ({
  strong: (value: string) => (isStrongPassword(value) ? null : t('account.validation.password_weak')),
  confirmed: matchesField<Values>(passwordField, t('account.validation.password_mismatch')),
});

export interface PasswordFieldsProps<Values> {
  form: Pick<UseFormReturnType<Values>, 'getInputProps' | 'getValues'>;
  /** The form's fields for the new password and its confirmation. */
  password: keyof Values & string;
  confirm: keyof Values & string;
  /** Translated label of the password field. */
  label: string;
}

/** A new password with the rules it meets as it is typed, and its confirmation. */
export function PasswordFields<Values>({ form, password, confirm, label }: PasswordFieldsProps<Values>) {
  const { t } = useTranslation();
  const rulesId = useId();
  return (
    <>
      <Stack gap="xs">
        <PasswordInput
          label={label}
          autoComplete="new-password"
          required
          aria-describedby={rulesId}
          {...form.getInputProps(password)}
        />
        <PasswordStrength id={rulesId} password={String(form.getValues()[password] ?? '')} />
      </Stack>
      <PasswordInput
        label={t('account.field.confirm_password')}
        autoComplete="new-password"
        required
        {...form.getInputProps(confirm)}
      />
    </>
  );
}
