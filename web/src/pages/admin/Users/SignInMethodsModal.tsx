import { Badge, Button, Group, List, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { SignInMethodsOfUser, UserInfoModel } from '@pennon/sdk';
import { IconShieldOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { client } from '../../../api/client.ts';
import { LoadError } from '../../../components/LoadError/index.ts';
import { confirmAction } from '../lib/confirmAction.tsx';

export interface SignInMethodsModalProps {
  /** Whose methods are shown; null when closed. */
  user: UserInfoModel | null;
  onClose: () => void;
}

/** What a user signs in with, and the way out for a locked-out one: removing their second factors. */
export function SignInMethodsModal({ user, onClose }: SignInMethodsModalProps) {
  const { t } = useTranslation();
  const name = user?.userName ?? '';
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={t('admin.users.methods.label', { name })}
      centered
      size="lg"
    >
      {user?.id && <Methods userId={user.id} name={name} />}
    </Modal>
  );
}

function Methods({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation();
  const { data, error, mutate } = useSWR(`/api/admin/users/${userId}/signin`, () =>
    client.signInAdmin.userMethods(userId),
  );
  if (error && !data)
    return <LoadError error={error} retry={() => mutate()} title="admin.users.methods.load_failed" />;
  if (!data) return <Skeleton height={200} radius="md" />;
  const { methods } = data;

  const removeSecondFactor = () =>
    confirmAction(t, {
      title: t('admin.users.methods.reset.title', { name }),
      message: t('admin.users.methods.reset.message', { name }),
      label: t('account.security.remove'),
      run: () => client.signInAdmin.resetSecondFactor(userId),
      done: t('admin.users.methods.reset.done', { name }),
      failed: t('admin.users.methods.reset.failed'),
      after: () => mutate(),
    });

  return (
    <Stack gap="md">
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          <Row label={t('admin.users.methods.password')}>
            {t(methods.hasPassword ? 'admin.users.methods.password_set' : 'admin.users.methods.none')}
          </Row>
          <Row label={t('account.security.totp_title')}>
            <Badge variant="light" color={methods.totp ? 'teal' : 'gray'}>
              {t(methods.totp ? 'account.security.on' : 'account.security.off')}
            </Badge>
          </Row>
          <Row label={t('account.security.codes_title')}>
            {t('account.security.codes_left', { count: methods.recoveryCodes })}
          </Row>
          <Row label={t('account.security.passkeys_title')}>
            <Names names={methods.passkeys.map((passkey) => passkey.name)} />
          </Row>
          <Row label={t('account.security.providers_title')}>
            <Names names={providerNames(methods)} />
          </Row>
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Button
          color="red"
          variant="light"
          leftSection={<IconShieldOff size={16} />}
          disabled={!methods.totp && methods.passkeys.length === 0 && methods.recoveryCodes === 0}
          onClick={removeSecondFactor}
        >
          {t('admin.users.methods.reset.action')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A provider by its name, with the address it knows the user by. */
const providerNames = (methods: SignInMethodsOfUser): string[] =>
  methods.identities.map(({ provider, email }) => (email ? `${provider.name} (${email})` : provider.name));

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w="40%">{label}</Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

function Names({ names }: { names: string[] }) {
  const { t } = useTranslation();
  if (names.length === 0) return <Text size="sm">{t('admin.users.methods.none')}</Text>;
  return (
    <List size="sm" listStyleType="none">
      {names.map((name) => (
        <List.Item key={name}>{name}</List.Item>
      ))}
    </List>
  );
}
