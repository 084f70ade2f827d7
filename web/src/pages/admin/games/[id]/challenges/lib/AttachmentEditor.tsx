import { Anchor, FileInput, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { FileTypeValues } from '@pennon/sdk';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../../../../api/client.ts';
import { notifyError } from '../../../../../../utils/notify.ts';
import type { AttachmentDraft } from './attachmentDraft.ts';

/**
 * None, a local file (uploaded as soon as it is chosen) or a remote link. `label` names the group, so that
 * several editors on one page stay told apart; `required` leaves out None (a dynamic attachment's flag).
 */
export function AttachmentEditor({
  label,
  value,
  onChange,
  required = false,
}: {
  label: string;
  value: AttachmentDraft;
  onChange: (value: AttachmentDraft) => void;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [file, setFile] = useState<File | null>(null);

  const upload = async (file: File | null) => {
    if (!file) return;
    setFile(file);
    setUploading(true);
    try {
      const [stored] = await client.assets.upload(file, { filename: file.name });
      if (stored) onChange({ ...value, type: 'Local', fileHash: stored.hash, fileName: stored.name });
    } catch (err) {
      notifyError(err, t, t('admin.challenge.attachment.upload_failed'));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack gap="xs" role="group" aria-label={label}>
      <SegmentedControl
        aria-label={t('admin.challenge.attachment.kind')}
        value={value.type}
        onChange={(type) => onChange({ ...value, type: type as AttachmentDraft['type'] })}
        data={FileTypeValues.filter((type) => !required || type !== 'None').map((type) => ({
          value: type,
          label: t(`admin.challenge.attachment.type.${type}`),
        }))}
        style={{ alignSelf: 'flex-start' }}
      />
      {value.type === 'Local' && (
        <Stack gap={4}>
          <FileInput
            label={t('admin.challenge.attachment.file')}
            placeholder={t('admin.challenge.attachment.choose')}
            leftSection={<IconUpload size={16} />}
            // The chosen file shows while it uploads and once stored; a draft reset (a flag added) empties it.
            value={uploading || value.fileHash ? file : null}
            onChange={(file) => void upload(file)}
            disabled={uploading}
            clearable={false}
          />
          <Group gap={4}>
            <Text size="sm" c="dimmed">
              {uploading
                ? t('admin.challenge.attachment.uploading')
                : value.fileHash
                  ? t('admin.challenge.attachment.stored')
                  : t('admin.challenge.attachment.none_chosen')}
            </Text>
            {!uploading && value.fileHash && value.fileName && (
              <Anchor size="sm" href={`/assets/${value.fileHash}/${encodeURIComponent(value.fileName)}`}>
                {value.fileName}
              </Anchor>
            )}
          </Group>
        </Stack>
      )}
      {value.type === 'Remote' && (
        <TextInput
          type="url"
          label={t('admin.challenge.attachment.url')}
          placeholder="https://"
          value={value.remoteUrl}
          onChange={(event) => onChange({ ...value, remoteUrl: event.currentTarget.value })}
        />
      )}
    </Stack>
  );
}
