import { Avatar, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import type { ProfileUserInfoModel } from '@pennon/sdk';
import { IconPhotoUp, IconUpload, IconX } from '@tabler/icons-react';
import { type DragEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../api/client.ts';
import { useUser } from '../../../api/useUser.ts';
import { initialsOf } from '../../../components/UserMenu/initials.ts';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, imageProblem } from '../../../utils/image.ts';
import { notifyError, notifySuccess } from '../../../utils/notify.ts';
import classes from './AvatarForm.module.css';

/** Choosing (or dropping) an image, previewing it, and uploading it as the user's avatar. */
export function AvatarForm({ user }: { user: ProfileUserInfoModel }) {
  const { t } = useTranslation();
  const { refresh } = useUser();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const sizeMiB = IMAGE_MAX_BYTES / 1024 / 1024;

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    const issue = imageProblem(chosen);
    setProblem(
      issue === 'type'
        ? t('account.avatar.not_image')
        : issue === 'size'
          ? t('account.avatar.too_large', { size: sizeMiB })
          : null,
    );
    setFile(issue ? null : chosen);
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0] ?? null);
  };

  const upload = async () => {
    if (!file) return;
    setUploading(true);
    try {
      await client.account.updateAvatar(file);
      // The header shows the new avatar once the session's profile is read again.
      await refresh();
      setFile(null);
      notifySuccess(t('account.avatar.done'));
    } catch (err) {
      notifyError(err, t, t('account.avatar.failed'));
    } finally {
      setUploading(false);
    }
  };

  const name = user.userName ?? '';
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="profile-avatar-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id="profile-avatar-title">
            {t('account.avatar.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('account.avatar.hint', { size: sizeMiB })}
          </Text>
        </Stack>
        {/* Dropping an image anywhere on this area chooses it; the button does the same by keyboard. */}
        <Group
          className={classes.drop}
          data-dragging={dragging || undefined}
          gap="lg"
          wrap="nowrap"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
        >
          <Avatar
            src={preview ?? user.avatar}
            alt={preview ? t('account.avatar.preview') : ''}
            size={88}
            radius={88}
            color="initials"
            name={name}
            data-testid="avatar-preview"
          >
            {initialsOf(name)}
          </Avatar>
          <Stack gap="xs" miw={0}>
            <Text size="sm" c="dimmed">
              {file ? file.name : t('account.avatar.drop')}
            </Text>
            <Group gap="xs">
              <FileButton onChange={choose} accept={IMAGE_ACCEPT}>
                {(props) => (
                  <Button {...props} variant="default" size="xs" leftSection={<IconPhotoUp size={14} />}>
                    {t('account.avatar.choose')}
                  </Button>
                )}
              </FileButton>
              {file && (
                <>
                  <Button
                    size="xs"
                    leftSection={<IconUpload size={14} />}
                    loading={uploading}
                    onClick={() => void upload()}
                  >
                    {t('account.avatar.upload')}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="gray"
                    leftSection={<IconX size={14} />}
                    onClick={() => setFile(null)}
                    disabled={uploading}
                  >
                    {t('common.button.cancel')}
                  </Button>
                </>
              )}
            </Group>
          </Stack>
        </Group>
        {problem && (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
