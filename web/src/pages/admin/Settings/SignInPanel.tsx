import { Alert, Badge, Button, Card, Code, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import type { OidcProviderInfo, SignInPolicy } from '@pennon/sdk';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { client } from '../../../api/client.ts';
import { LoadError } from '../../../components/LoadError/index.ts';
import { notifyError, notifySuccess } from '../../../utils/notify.ts';
import { confirmAction } from '../lib/confirmAction.tsx';
import { ProviderModal } from './ProviderModal.tsx';

const SIGN_IN_KEY = '/api/admin/signin';

/** The settings' sign-in tab: the policy (passwords, second factors) and the OpenID Connect providers. */
export function SignInPanel() {
  const { t } = useTranslation();
  const { data, error, mutate } = useSWR(SIGN_IN_KEY, () => client.signInAdmin.settings(), {
    revalidateOnFocus: false,
  });
  // undefined: closed; null: adding one.
  const [editing, setEditing] = useState<OidcProviderInfo | null | undefined>(undefined);

  if (error && !data)
    return <LoadError error={error} retry={() => mutate()} title="admin.signin.load_failed" />;
  if (!data) return <Skeleton height={320} radius="md" />;

  const setPolicy = async (change: Partial<SignInPolicy>) => {
    try {
      await client.signInAdmin.updatePolicy({ ...data.policy, ...change });
      notifySuccess(t('admin.signin.policy_saved'));
    } catch (err) {
      notifyError(err, t, t('admin.signin.policy_failed'));
    }
    await mutate();
  };

  const remove = (provider: OidcProviderInfo) =>
    confirmAction(t, {
      title: t('admin.signin.remove_title'),
      message: t('admin.signin.remove_message', { name: provider.name }),
      label: t('admin.signin.remove'),
      run: () => client.signInAdmin.removeProvider(provider.id),
      done: t('admin.signin.removed', { name: provider.name }),
      failed: t('admin.signin.remove_failed'),
      after: () => mutate(),
    });

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="signin-policy-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="signin-policy-title">
            {t('admin.signin.policy_title')}
          </Title>
          <Switch
            label={t('admin.signin.password_sign_in')}
            description={t('admin.signin.password_sign_in_hint')}
            checked={data.policy.passwordSignIn}
            onChange={(event) => setPolicy({ passwordSignIn: event.currentTarget.checked })}
          />
          <Switch
            label={t('admin.signin.require_second_factor')}
            description={t('admin.signin.require_second_factor_hint')}
            checked={data.policy.requireSecondFactor}
            onChange={(event) => setPolicy({ requireSecondFactor: event.currentTarget.checked })}
          />
          {!data.passkeysAvailable && (
            <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
              {t('admin.signin.passkeys_unavailable')}
            </Alert>
          )}
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="signin-providers-title">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h4" id="signin-providers-title">
              {t('admin.signin.providers_title')}
            </Title>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
              {t('admin.signin.add')}
            </Button>
          </Group>
          {data.providers.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('admin.signin.providers_none')}
            </Text>
          )}
          {data.providers.map((provider) => (
            <Card
              key={provider.id}
              withBorder
              radius="sm"
              padding="sm"
              component="article"
              aria-label={provider.name}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} miw={0}>
                  <Group gap="xs">
                    <Text fw={600}>{provider.name}</Text>
                    <Badge variant="light" color={provider.enabled ? 'teal' : 'gray'}>
                      {provider.enabled ? t('admin.signin.enabled') : t('admin.signin.disabled')}
                    </Badge>
                    {provider.fromEnvironment && (
                      <Badge variant="outline">{t('admin.signin.from_environment')}</Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed" truncate>
                    {provider.issuer}
                  </Text>
                  <Text size="xs">
                    {t('admin.signin.redirect_uri')}{' '}
                    {provider.redirectUri ? (
                      <Code>{provider.redirectUri}</Code>
                    ) : (
                      t('admin.signin.redirect_uri_unset')
                    )}
                  </Text>
                </Stack>
                {!provider.fromEnvironment && (
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      variant="default"
                      size="xs"
                      aria-label={t('admin.signin.edit_named', { name: provider.name })}
                      onClick={() => setEditing(provider)}
                    >
                      {t('admin.signin.edit')}
                    </Button>
                    <Button
                      variant="light"
                      color="red"
                      size="xs"
                      aria-label={t('admin.signin.remove_named', { name: provider.name })}
                      onClick={() => remove(provider)}
                    >
                      {t('admin.signin.remove')}
                    </Button>
                  </Group>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      </Card>
      {editing !== undefined && (
        <ProviderModal
          key={editing?.id ?? 'new'}
          provider={editing}
          opened
          onClose={() => setEditing(undefined)}
          onSaved={() => mutate()}
        />
      )}
    </Stack>
  );
}
