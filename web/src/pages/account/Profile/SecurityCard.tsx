import { Alert, Button, Card, Divider, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import useSWR from 'swr';
import { client } from '../../../api/client.ts';
import { LoadError } from '../../../components/LoadError/index.ts';
import { RecoveryCodes } from '../lib/RecoveryCodes.tsx';
import { PasskeySection } from './PasskeySection.tsx';
import { ProviderSection } from './ProviderSection.tsx';
import { TotpSection } from './TotpSection.tsx';

const SECURITY_KEY = '/api/security';

/**
 * The caller's ways to sign in: the authenticator app and recovery codes, passkeys, linked providers. A provider
 * linked from here comes back with `?linked=`.
 */
export function SecurityCard() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { data, error, mutate } = useSWR(SECURITY_KEY, () => client.security.overview(), {
    revalidateOnFocus: false,
  });
  const [codes, setCodes] = useState<string[] | null>(null);
  const linked = data?.methods.identities.find(({ provider }) => provider.id === params.get('linked'));

  const body = () => {
    if (error && !data)
      return <LoadError error={error} retry={() => mutate()} title="account.security.load_failed" />;
    if (!data) return <Skeleton height={240} radius="md" />;
    const props = { security: data, onChanged: () => mutate(), showCodes: setCodes };
    return (
      <Stack gap="md">
        {data.secondFactorRequired && !data.methods.totp && data.methods.passkeys.length === 0 && (
          <Alert color="yellow" variant="light">
            {t('account.security.required')}
          </Alert>
        )}
        {linked && (
          <Alert role="status" color="teal" variant="light" icon={<IconLink size={18} />}>
            {t('account.security.linked', { provider: linked.provider.name })}
          </Alert>
        )}
        {codes && (
          <Stack gap="xs">
            <RecoveryCodes codes={codes} />
            <Button variant="default" onClick={() => setCodes(null)}>
              {t('account.security.codes_saved')}
            </Button>
          </Stack>
        )}
        <TotpSection {...props} />
        <Divider />
        <PasskeySection {...props} />
        {(data.methods.identities.length > 0 || data.linkable.length > 0) && (
          <>
            <Divider />
            <ProviderSection {...props} />
          </>
        )}
      </Stack>
    );
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="profile-security-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id="profile-security-title">
            {t('account.security.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('account.security.subtitle')}
          </Text>
        </Stack>
        {body()}
      </Stack>
    </Card>
  );
}
