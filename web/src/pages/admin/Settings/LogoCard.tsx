import { Button, Card, FileButton, Group, Image, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import brandLogo from '../../../../../static/brand/logo.svg';
import { client } from '../../../api/client.ts';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, imageProblem } from '../../../utils/image.ts';
import { notifyError, notifySuccess } from '../../../utils/notify.ts';
import { confirmAction } from '../lib/confirmAction.tsx';

export interface LogoCardProps {
  /** The current logo; null: the default one. */
  logoUrl: string | null;
  onChanged: () => unknown;
}

/** The platform logo (the favicon is derived from it): upload a new image, or go back to the default. */
export function LogoCard({ logoUrl, onChanged }: LogoCardProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const upload = async (file: File | null) => {
    if (!file) return;
    // Same rules as every image upload: a picture of at most 3 MiB.
    const problem = imageProblem(file);
    if (problem) {
      notifications.show({
        color: 'red',
        title: t('admin.settings.logo.failed'),
        message:
          problem === 'type'
            ? t('account.avatar.not_image')
            : t('account.avatar.too_large', { size: IMAGE_MAX_BYTES / 1024 / 1024 }),
      });
      return;
    }
    setBusy(true);
    try {
      await client.admin.uploadLogo(file);
      notifySuccess(t('admin.settings.logo.done'));
      await onChanged();
    } catch (err) {
      notifyError(err, t, t('admin.settings.logo.failed'));
    } finally {
      setBusy(false);
    }
  };

  const reset = () =>
    confirmAction(t, {
      title: t('admin.settings.logo.reset_title'),
      message: t('admin.settings.logo.reset_message'),
      label: t('admin.settings.logo.reset'),
      run: () => client.admin.deleteLogo(),
      done: t('admin.settings.logo.reset_done'),
      failed: t('admin.settings.logo.failed'),
      after: onChanged,
    });

  return (
    <Card withBorder radius="md" padding="lg">
      <Group gap="lg" align="center">
        <Image
          src={logoUrl ?? brandLogo}
          alt={t('admin.settings.logo.current')}
          w={72}
          h={72}
          fit="contain"
        />
        <Stack gap="xs" style={{ flex: 1, minWidth: 200 }}>
          <Title order={2} size="h4">
            {t('admin.settings.logo.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('admin.settings.logo.hint', { size: IMAGE_MAX_BYTES / 1024 / 1024 })}
          </Text>
          <Group gap="xs">
            <FileButton onChange={(file) => void upload(file)} accept={IMAGE_ACCEPT}>
              {(props) => (
                <Button {...props} size="xs" leftSection={<IconUpload size={14} />} loading={busy}>
                  {t('admin.settings.logo.upload')}
                </Button>
              )}
            </FileButton>
            <Button
              size="xs"
              variant="default"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={reset}
              disabled={!logoUrl || busy}
            >
              {t('admin.settings.logo.reset')}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
