import {
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ProfileUserInfoModel } from '@pennon/sdk';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { client } from '../../../api/client.ts';
import { useUser } from '../../../api/useUser.ts';
import { SessionLoader } from '../../../components/AccountCard/index.ts';
import { UserNameInput } from '../../../components/AccountFields/index.ts';
import { Page } from '../../../components/Page/index.ts';
import { newPasswordRules, PasswordFields } from '../../../components/PasswordFields/index.ts';
import {
  RegistrationFieldInputs,
  useFieldValues,
  useRegistrationFields,
} from '../../../components/RegistrationFields/index.ts';
import { initialsOf } from '../../../components/UserMenu/initials.ts';
import { notifyError, notifySuccess } from '../../../utils/notify.ts';
import { loginPath } from '../../../utils/redirect.ts';
import {
  BIO_MAX,
  maxLengthRule,
  REAL_NAME_MAX,
  STD_NUMBER_MAX,
  userNameRule,
} from '../../../utils/userFields.ts';
import { AvatarForm } from './AvatarForm.tsx';
import { EmailForm } from './EmailForm.tsx';
import { SecurityCard } from './SecurityCard.tsx';

/** Digits with spaces and `+ - . ( )`, and an optional extension (`x123`, `ext. 123`). */
const PHONE = /^[+0-9\s().-]*[0-9][+0-9\s().-]*(?:\s*(?:[xX]|[eE][xX][tT]\.?)\s*[0-9]+)?$/;

/** /account/Profile: the signed-in user's details, password and ways to sign in. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const location = useLocation();
  const { user, status } = useUser();

  if (status === 'signedOut')
    return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  if (!user) return <SessionLoader />;

  return (
    <Page title={t('page.account.profile')}>
      <Group gap="md" wrap="nowrap">
        <Avatar src={user.avatar} alt="" size="lg" radius="xl" color="initials" name={user.userName ?? ''}>
          {initialsOf(user.userName)}
        </Avatar>
        <Stack gap={2} miw={0}>
          <Group gap="xs">
            <Text fw={600} size="lg" truncate>
              {user.userName}
            </Text>
            {user.role !== 'User' && (
              <Badge variant="light" color={user.role === 'Admin' ? 'grape' : 'blue'}>
                {t(`account.role.${user.role.toLowerCase()}`)}
              </Badge>
            )}
          </Group>
          {user.email && (
            <Text size="sm" c="dimmed" truncate>
              {user.email}
            </Text>
          )}
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ProfileForm key={user.userId} user={user} />
        <PasswordForm userName={user.userName ?? ''} />
        <AvatarForm user={user} />
        <EmailForm key={user.email ?? ''} user={user} />
      </SimpleGrid>
      <SecurityCard />
    </Page>
  );
}

interface ProfileValues {
  userName: string;
  realName: string;
  phone: string;
  stdNumber: string;
  bio: string;
}

const valuesOf = (user: ProfileUserInfoModel): ProfileValues => ({
  userName: user.userName ?? '',
  realName: user.realName ?? '',
  phone: user.phone ?? '',
  stdNumber: user.stdNumber ?? '',
  bio: user.bio ?? '',
});

function ProfileForm({ user }: { user: ProfileUserInfoModel }) {
  const { t } = useTranslation();
  const { refresh } = useUser();
  const { fields = [] } = useRegistrationFields();
  const extra = useFieldValues(user.fields ?? {});
  const fieldsChanged = fields.some(
    (field) => (extra.values[field.key] ?? '') !== (user.fields?.[field.key] ?? ''),
  );
  const form = useForm<ProfileValues>({
    initialValues: valuesOf(user),
    validateInputOnBlur: true,
    validate: {
      userName: userNameRule(t),
      phone: (value) =>
        !value.trim() || PHONE.test(value.trim()) ? null : t('account.validation.phone_invalid'),
      realName: maxLengthRule(t, REAL_NAME_MAX),
      stdNumber: maxLengthRule(t, STD_NUMBER_MAX),
      bio: maxLengthRule(t, BIO_MAX),
    },
  });

  const submit = form.onSubmit(async (values) => {
    if (!extra.complete(fields, true)) return;
    try {
      await client.account.updateProfile({
        userName: values.userName,
        realName: values.realName.trim(),
        // The server takes no empty phone number: an empty field leaves the stored one.
        phone: values.phone.trim() || null,
        stdNumber: values.stdNumber.trim(),
        bio: values.bio.trim(),
        // Locked fields are left out: only an admin changes them.
        ...(fields.length > 0 && {
          fields: Object.fromEntries(
            fields
              .filter((field) => !field.locked)
              .map((field) => [field.key, extra.values[field.key] ?? '']),
          ),
        }),
      });
      const updated = await refresh();
      extra.reset(updated?.fields ?? extra.values);
      form.setInitialValues(updated ? valuesOf(updated) : values);
      form.setValues(updated ? valuesOf(updated) : values);
      form.resetDirty();
      notifySuccess(t('account.profile.saved'));
    } catch (err) {
      notifyError(err, t, t('account.profile.save_failed'));
    }
  });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="profile-info-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="profile-info-title">
            {t('account.profile.info_title')}
          </Title>
          <UserNameInput {...form.getInputProps('userName')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('account.field.real_name')}
              autoComplete="name"
              maxLength={REAL_NAME_MAX}
              {...form.getInputProps('realName')}
            />
            <TextInput
              label={t('account.field.phone')}
              type="tel"
              autoComplete="tel"
              {...form.getInputProps('phone')}
            />
          </SimpleGrid>
          <TextInput
            label={t('account.field.std_number')}
            maxLength={STD_NUMBER_MAX}
            {...form.getInputProps('stdNumber')}
          />
          <Textarea
            label={t('account.field.bio')}
            description={t('account.hint.bio', { length: form.values.bio.length, max: BIO_MAX })}
            autosize
            minRows={3}
            maxRows={6}
            maxLength={BIO_MAX}
            {...form.getInputProps('bio')}
          />
          <RegistrationFieldInputs
            fields={fields}
            values={extra.values}
            errors={extra.errors}
            onChange={extra.set}
            lockLocked
          />
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                form.reset();
                extra.reset(user.fields ?? {});
              }}
              disabled={!(form.isDirty() || fieldsChanged) || form.submitting}
            >
              {t('account.profile.discard')}
            </Button>
            <Button type="submit" loading={form.submitting} disabled={!(form.isDirty() || fieldsChanged)}>
              {t('account.profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

interface PasswordValues {
  old: string;
  new: string;
  confirm: string;
}

function PasswordForm({ userName }: { userName: string }) {
  const { t } = useTranslation();
  const rules = newPasswordRules<PasswordValues>(t, 'new');
  const form = useForm<PasswordValues>({
    initialValues: { old: '', new: '', confirm: '' },
    validate: {
      old: (value) => (value ? null : t('account.validation.password_required')),
      new: (value, values) =>
        rules.strong(value) ?? (value === values.old ? t('account.validation.password_unchanged') : null),
      confirm: rules.confirmed,
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await client.account.changePassword({ old: values.old, new: values.new });
      form.reset();
      notifySuccess(t('account.password.changed'));
    } catch (err) {
      notifyError(err, t, t('account.password.change_failed'));
    }
  });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="profile-password-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h4" id="profile-password-title">
              {t('account.password.change_title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('account.password.change_hint')}
            </Text>
          </Stack>
          {/* Lets password managers tie the new password to this account. */}
          <input type="text" name="username" autoComplete="username" hidden readOnly value={userName} />
          <PasswordInput
            label={t('account.field.current_password')}
            autoComplete="current-password"
            required
            {...form.getInputProps('old')}
          />
          <PasswordFields
            form={form}
            password="new"
            confirm="confirm"
            label={t('account.field.new_password')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              {t('account.password.change_submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
