import { Skeleton, Stack, Tabs } from '@mantine/core';
import { IconAdjustments, IconFiles, IconForms, IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import useSWR, { useSWRConfig } from 'swr';
import { client } from '../../../api/client.ts';
import { ONCE } from '../../../api/once.ts';
import { CONFIG_KEY, useConfig } from '../../../api/useConfig.ts';
import { CAPTCHA_KEY } from '../../../components/Captcha/captchaKey.ts';
import { LoadError } from '../../../components/LoadError/index.ts';
import { AdminPage } from '../lib/AdminNav.tsx';
import { ConfigForm } from './ConfigForm.tsx';
import { toValues } from './configForm.ts';
import { FieldsPanel } from './FieldsPanel.tsx';
import { FilesPanel } from './FilesPanel.tsx';
import { LogoCard } from './LogoCard.tsx';
import { SignInPanel } from './SignInPanel.tsx';

const ADMIN_CONFIG_KEY = '/api/admin/config';

/** /admin/Settings */
export default function AdminSettingsPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('page.admin.settings')}>
      <Tabs defaultValue="config" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="config" leftSection={<IconAdjustments size={16} />}>
            {t('admin.settings.tab.config')}
          </Tabs.Tab>
          <Tabs.Tab value="files" leftSection={<IconFiles size={16} />}>
            {t('admin.settings.tab.files')}
          </Tabs.Tab>
          <Tabs.Tab value="signin" leftSection={<IconLogin2 size={16} />}>
            {t('admin.settings.tab.signin')}
          </Tabs.Tab>
          <Tabs.Tab value="fields" leftSection={<IconForms size={16} />}>
            {t('admin.settings.tab.fields')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="config">
          <Settings />
        </Tabs.Panel>
        <Tabs.Panel value="files">
          <FilesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="signin">
          <SignInPanel />
        </Tabs.Panel>
        <Tabs.Panel value="fields">
          <FieldsPanel />
        </Tabs.Panel>
      </Tabs>
    </AdminPage>
  );
}

function Settings() {
  const { mutate } = useSWRConfig();
  const { config: clientConfig } = useConfig();
  const {
    data,
    error,
    mutate: reload,
  } = useSWR(ADMIN_CONFIG_KEY, () => client.admin.config(), {
    revalidateOnFocus: false,
  });
  const { data: captcha } = useSWR(CAPTCHA_KEY, () => client.info.captcha(), ONCE);
  // The header, the theme and the stored copy follow the public configuration: read it again.
  const refresh = () => Promise.all([reload(), mutate(CONFIG_KEY)]);

  if (error && !data)
    return <LoadError error={error} retry={() => reload()} title="admin.settings.load_failed" />;
  if (!data?.globalConfig || !data.accountPolicy || !data.containerPolicy) {
    return (
      <Stack gap="md" aria-busy>
        <Skeleton height={120} radius="md" />
        <Skeleton height={360} radius="md" />
      </Stack>
    );
  }
  const filled = {
    globalConfig: data.globalConfig,
    accountPolicy: data.accountPolicy,
    containerPolicy: data.containerPolicy,
  };
  return (
    <Stack gap="lg">
      <LogoCard logoUrl={clientConfig.logoUrl} onChanged={refresh} />
      <ConfigForm
        initial={toValues(filled)}
        portMapping={clientConfig.portMapping}
        captcha={captcha}
        mailLinks={clientConfig.mailLinks !== false}
        onSaved={refresh}
      />
    </Stack>
  );
}
