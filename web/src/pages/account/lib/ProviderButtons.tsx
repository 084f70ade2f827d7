import { Button, Divider, Stack } from '@mantine/core';
import type { SignInProvider } from '@pennon/sdk';
import { IconLogin2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../api/client.ts';
import { notifyError } from '../../../utils/notify.ts';

export interface ProviderButtonsProps {
  providers: SignInProvider[];
  /** Where to come back to once signed in. */
  from: string;
  /** Whether a password form follows (then a divider says "or"). */
  divided: boolean;
}

/** A "Sign in with …" button per OpenID Connect provider; each leaves for the provider's page. */
export function ProviderButtons({ providers, from, divided }: ProviderButtonsProps) {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState<string | null>(null);
  if (providers.length === 0) return null;

  const start = async (id: string) => {
    setLeaving(id);
    try {
      const { url } = await client.signIn.startOidc(id, { from });
      window.location.assign(url);
    } catch (err) {
      setLeaving(null);
      notifyError(err, t, t('account.signin.provider_failed'));
    }
  };

  return (
    <Stack gap="xs">
      {providers.map((provider) => (
        <Button
          key={provider.id}
          variant="default"
          fullWidth
          loading={leaving === provider.id}
          leftSection={
            provider.iconUrl ? (
              <img src={provider.iconUrl} alt="" width={18} height={18} />
            ) : (
              <IconLogin2 size={18} />
            )
          }
          onClick={() => start(provider.id)}
        >
          {t('account.signin.with_provider', { name: provider.name })}
        </Button>
      ))}
      {divided && <Divider label={t('account.signin.or')} labelPosition="center" />}
    </Stack>
  );
}
