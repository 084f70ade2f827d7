import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { LinkedIdentity, SignInProvider } from '@pennon/sdk';
import { IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../api/client.ts';
import { notifyError, notifySuccess } from '../../../utils/notify.ts';
import type { SecuritySectionProps } from './TotpSection.tsx';

/** The providers the caller signs in with: unlink one, or link another (a round trip to the provider). */
export function ProviderSection({ security, onChanged }: Omit<SecuritySectionProps, 'showCodes'>) {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState<string | null>(null);
  const { identities } = security.methods;

  const link = async (provider: SignInProvider) => {
    setLeaving(provider.id);
    try {
      const { url } = await client.security.linkProvider(provider.id);
      window.location.assign(url);
    } catch (err) {
      setLeaving(null);
      notifyError(err, t, t('account.signin.provider_failed'));
    }
  };

  const unlink = ({ provider }: LinkedIdentity) =>
    modals.openConfirmModal({
      title: t('account.security.unlink_title'),
      centered: true,
      children: <Text size="sm">{t('account.security.unlink_message', { provider: provider.name })}</Text>,
      labels: { confirm: t('account.security.unlink'), cancel: t('common.button.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await client.security.unlinkProvider(provider.id);
          notifySuccess(t('account.security.unlinked', { provider: provider.name }));
        } catch (err) {
          notifyError(err, t, t('account.security.unlink_failed'));
        }
        await onChanged();
      },
    });

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('account.security.providers_title')}
      </Title>
      {identities.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('account.security.providers_none')}
        </Text>
      )}
      {identities.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} aria-label={t('account.security.providers_title')}>
          {identities.map((identity) => (
            <Group key={identity.provider.id} component="li" justify="space-between" wrap="nowrap">
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={500}>
                  {identity.provider.name}
                </Text>
                {identity.email && (
                  <Text size="xs" c="dimmed" truncate>
                    {identity.email}
                  </Text>
                )}
              </Stack>
              <Button
                variant="subtle"
                color="red"
                size="xs"
                aria-label={t('account.security.unlink_named', { provider: identity.provider.name })}
                onClick={() => unlink(identity)}
              >
                {t('account.security.unlink')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      {security.linkable.length > 0 && (
        <Group gap="xs">
          {security.linkable.map((provider) => (
            <Button
              key={provider.id}
              variant="default"
              leftSection={<IconLink size={16} />}
              loading={leaving === provider.id}
              onClick={() => link(provider)}
            >
              {t('account.security.link', { provider: provider.name })}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}
