import { Modal, PasswordInput, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { isEmail, useForm } from '@mantine/form';
import { USER_NAME_MAX, USER_NAME_MIN, type UserInfoModel } from '@pennon/sdk';
import { useTranslation } from 'react-i18next';
import { client } from '../../../api/client.ts';
import { FormActions } from '../../../components/FormActions/index.ts';
import { PasswordStrength } from '../../../components/PasswordStrength/index.ts';
import { notifyError, notifySuccess } from '../../../utils/notify.ts';
import { isStrongPassword } from '../../../utils/password.ts';
import {
  BIO_MAX,
  maxLengthRule,
  REAL_NAME_MAX,
  STD_NUMBER_MAX,
  userNameRule,
} from '../../../utils/userFields.ts';

const PASSWORD_RULES_ID = 'admin-new-user-password-rules';

interface UserValues {
  userName: string;
  email: string;
  password: string;
  realName: string;
  stdNumber: string;
  phone: string;
  bio: string;
  emailConfirmed: boolean;
}

export interface UserFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The user to edit; none creates one. */
  user?: UserInfoModel;
  onSaved: () => unknown;
}

/** Creates a user (with a password), or edits one's details. */
export function UserFormModal({ opened, onClose, user, onSaved }: UserFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={user ? t('admin.users.edit.title', { name: user.userName }) : t('admin.users.create.title')}
      size="lg"
      centered
    >
      {/* Mounted only while open, so each opening starts from the user's current values. */}
      {opened && <UserForm user={user} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

const optional = (value: string) => value.trim() || null;

function UserForm({ user, onClose, onSaved }: Omit<UserFormModalProps, 'opened'>) {
  const { t } = useTranslation();
  const creating = user === undefined;
  const form = useForm<UserValues>({
    initialValues: {
      userName: user?.userName ?? '',
      email: user?.email ?? '',
      password: '',
      realName: user?.realName ?? '',
      stdNumber: user?.stdNumber ?? '',
      phone: user?.phone ?? '',
      bio: user?.bio ?? '',
      emailConfirmed: user?.emailConfirmed ?? true,
    },
    validateInputOnBlur: true,
    validate: {
      userName: userNameRule(t),
      email: isEmail(t('account.validation.email_invalid')),
      password: (value) =>
        creating && !isStrongPassword(value) ? t('account.validation.password_weak') : null,
      realName: maxLengthRule(t, REAL_NAME_MAX),
      stdNumber: maxLengthRule(t, STD_NUMBER_MAX),
      bio: maxLengthRule(t, BIO_MAX),
    },
  });

  const submit = form.onSubmit(async (values) => {
    const details = {
      userName: values.userName,
      email: values.email.trim(),
      realName: optional(values.realName),
      stdNumber: optional(values.stdNumber),
      phone: optional(values.phone),
    };
    try {
      if (user?.id) {
        await client.admin.updateUser(user.id, {
          ...details,
          bio: values.bio.trim(),
          emailConfirmed: values.emailConfirmed,
        });
        notifySuccess(t('admin.users.edit.done', { name: details.userName }));
      } else {
        await client.admin.createUsers([{ ...details, password: values.password }]);
        notifySuccess(t('admin.users.create.done', { name: details.userName }));
      }
      await onSaved();
      onClose();
    } catch (err) {
      notifyError(err, t, t(creating ? 'admin.users.create.failed' : 'admin.users.edit.failed'));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('account.field.user_name')}
            description={t('account.hint.user_name', { min: USER_NAME_MIN, max: USER_NAME_MAX })}
            withAsterisk
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('userName')}
          />
          <TextInput
            label={t('account.field.email')}
            type="email"
            withAsterisk
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <TextInput label={t('account.field.real_name')} {...form.getInputProps('realName')} />
          <TextInput label={t('account.field.std_number')} {...form.getInputProps('stdNumber')} />
          <TextInput label={t('account.field.phone')} type="tel" {...form.getInputProps('phone')} />
        </SimpleGrid>
        {creating ? (
          <Stack gap={4}>
            <PasswordInput
              label={t('account.field.password')}
              description={t('admin.users.create.password_hint')}
              withAsterisk
              autoComplete="new-password"
              aria-describedby={PASSWORD_RULES_ID}
              {...form.getInputProps('password')}
            />
            <PasswordStrength password={form.values.password} id={PASSWORD_RULES_ID} />
          </Stack>
        ) : (
          <>
            <Textarea
              label={t('account.field.bio')}
              description={t('account.hint.bio', { length: form.values.bio.length, max: BIO_MAX })}
              autosize
              minRows={2}
              {...form.getInputProps('bio')}
            />
            <Switch
              label={t('admin.users.field.email_confirmed')}
              {...form.getInputProps('emailConfirmed', { type: 'checkbox' })}
            />
          </>
        )}
        <FormActions
          submitLabel={t(creating ? 'admin.users.create.submit' : 'admin.users.edit.submit')}
          onCancel={onClose}
          busy={form.submitting}
        />
      </Stack>
    </form>
  );
}
