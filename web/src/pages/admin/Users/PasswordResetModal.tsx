import {
  ActionIcon,
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface PasswordResetModalProps {
  /** The reset just done: whose, and the new password; null when closed. */
  reset: { userName: string; password: string } | null;
  onClose: () => void;
}

/** Shows a new password once (the server keeps only its hash), ready to copy. */
export function PasswordResetModal({ reset, onClose }: PasswordResetModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={reset !== null} onClose={onClose} title={t('admin.users.reset.shown_title')} centered>
      {reset && (
        <Stack gap="md">
          <Text size="sm">{t('admin.users.reset.shown_message', { name: reset.userName })}</Text>
          <Group gap="xs" wrap="nowrap">
            <Code fz="md" style={{ flex: 1, wordBreak: 'break-all' }} data-testid="new-password">
              {reset.password}
            </Code>
            <CopyButton value={reset.password}>
              {({ copied, copy }) => (
                <Tooltip label={t(copied ? 'admin.users.reset.copied' : 'admin.users.reset.copy')}>
                  <ActionIcon
                    variant="light"
                    color={copied ? 'teal' : undefined}
                    onClick={copy}
                    aria-label={t('admin.users.reset.copy')}
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Alert color="yellow" variant="light">
            {t('admin.users.reset.once')}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('admin.users.reset.close')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
