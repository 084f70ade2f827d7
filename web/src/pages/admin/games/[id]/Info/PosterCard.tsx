import { AspectRatio, Button, FileButton, Image, Stack, Text } from '@mantine/core';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../../../api/client.ts';
import { notifyError, notifySuccess } from '../../../../../utils/notify.ts';
import { AdminCard } from '../../../lib/AdminCard.tsx';

/** The server's cap on an uploaded poster (gzctf-api §2.5). */
const POSTER_MAX_BYTES = 3 * 1024 * 1024;

/** The game's poster and a button replacing it with an image file. */
export function PosterCard({
  gameId,
  poster,
  onChanged,
}: {
  gameId: number;
  poster: string | null;
  onChanged: (poster: string) => void;
}) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File | null) => {
    if (!file) return;
    if (file.size > POSTER_MAX_BYTES) {
      notifyError(new Error(t('admin.game.poster.too_large')), t, t('admin.game.poster.failed'));
      return;
    }
    setUploading(true);
    try {
      onChanged(await client.edit.updatePoster(gameId, file));
      notifySuccess(t('admin.game.poster.done'));
    } catch (err) {
      notifyError(err, t, t('admin.game.poster.failed'));
    } finally {
      setUploading(false);
    }
  };

  return (
    <AdminCard title={t('admin.game.poster.title')}>
      <AspectRatio ratio={16 / 9}>
        {poster ? (
          <Image src={poster} alt={t('admin.game.poster.title')} radius="sm" fit="cover" />
        ) : (
          <Stack align="center" justify="center" bg="var(--mantine-color-default-hover)" c="dimmed">
            <IconPhoto size={40} aria-hidden />
            <Text size="sm">{t('admin.game.poster.none')}</Text>
          </Stack>
        )}
      </AspectRatio>
      <Text size="xs" c="dimmed">
        {t('admin.game.poster.hint')}
      </Text>
      <FileButton onChange={upload} accept="image/*">
        {(props) => (
          <Button {...props} variant="light" loading={uploading} leftSection={<IconUpload size={16} />}>
            {t('admin.game.poster.upload')}
          </Button>
        )}
      </FileButton>
    </AdminCard>
  );
}
