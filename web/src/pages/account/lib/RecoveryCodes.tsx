import { Alert, Button, CopyButton, List, Stack } from '@mantine/core';
import { IconCheck, IconCopy, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Recovery codes just made: shown this once, to write down or copy. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconShieldLock size={18} />}
      title={t('account.security.codes_title')}
    >
      <Stack gap="sm">
        {t('account.security.codes_once')}
        <List aria-label={t('account.security.codes_title')} ff="monospace" listStyleType="none" spacing={2}>
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              size="xs"
              onClick={copy}
              leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            >
              {copied ? t('account.security.copied') : t('account.security.copy_codes')}
            </Button>
          )}
        </CopyButton>
      </Stack>
    </Alert>
  );
}
