import { ActionIcon, Anchor, Button, Code, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  type ChallengeEditDetailModel,
  FLAG_MAX,
  type FlagCreateModel,
  type FlagInfoModel,
} from '@pennon/sdk';
import { IconPaperclip, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../../../../api/client.ts';
import { monospaceInput } from '../../../../../../theme';
import { notifyError, notifySuccess } from '../../../../../../utils/notify.ts';
import { confirmAction } from '../../../../lib/confirmAction.tsx';
import { AttachmentEditor } from './AttachmentEditor.tsx';
import { type AttachmentDraft, isComplete, noAttachment, toAttachmentModel } from './attachmentDraft.ts';
import { EditSection } from './EditSection.tsx';
import { parseFlags } from './flagList.ts';

/**
 * The flags a challenge accepts: listed with delete, and a form adding more. Static challenges take several
 * pasted at once; a DynamicAttachment challenge gets one flag with its own file at a time (one per team).
 */
export function FlagsEditor({
  gameId,
  challenge,
  refresh,
}: {
  gameId: number;
  challenge: ChallengeEditDetailModel;
  refresh: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const withAttachments = challenge.type === 'DynamicAttachment';

  const add = async (flags: FlagCreateModel[]) => {
    try {
      await client.edit.addFlags(gameId, challenge.id, flags);
      notifySuccess(t('admin.challenge.flags.added', { n: flags.length }));
      await refresh();
      return true;
    } catch (err) {
      notifyError(err, t, t('admin.challenge.flags.add_failed'));
      return false;
    }
  };

  const remove = (flag: FlagInfoModel) =>
    confirmAction(t, {
      title: t('admin.challenge.flags.delete_title'),
      message: t('admin.challenge.flags.delete_message', { flag: flag.flag }),
      label: t('admin.challenge.flags.delete'),
      run: () => client.edit.deleteFlag(gameId, challenge.id, flag.id),
      done: t('admin.challenge.flags.deleted'),
      failed: t('admin.challenge.flags.delete_failed'),
      after: refresh,
    });

  return (
    <Stack gap="md">
      <EditSection title={t('admin.challenge.flags.heading', { n: challenge.flags.length })} gap="xs">
        {challenge.flags.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('admin.challenge.flags.empty')}
          </Text>
        ) : (
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {challenge.flags.map((flag) => (
              <Group key={flag.id} component="li" gap="xs" wrap="nowrap" data-testid="flag-item">
                <Code style={{ flex: 1, overflowWrap: 'anywhere' }}>{flag.flag}</Code>
                {withAttachments && flag.attachment?.url && (
                  <Anchor href={flag.attachment.url} size="sm" target="_blank" rel="noreferrer">
                    <Group gap={2} wrap="nowrap">
                      <IconPaperclip size={14} />
                      {t(`admin.challenge.attachment.type.${flag.attachment.type}`)}
                    </Group>
                  </Anchor>
                )}
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('admin.challenge.flags.delete_label', { flag: flag.flag })}
                  onClick={() => remove(flag)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
      </EditSection>
      {withAttachments ? (
        <NewFlagWithAttachment onAdd={add} />
      ) : (
        <NewFlags existing={challenge.flags.map((f) => f.flag)} onAdd={add} />
      )}
    </Stack>
  );
}

function NewFlags({
  existing,
  onAdd,
}: {
  existing: string[];
  onAdd: (flags: FlagCreateModel[]) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const parsed = parseFlags(text, existing);
  const problems = [
    parsed.tooLong.length > 0 &&
      t('admin.challenge.flags.too_long', { n: parsed.tooLong.length, max: FLAG_MAX }),
    parsed.duplicates.length > 0 && t('admin.challenge.flags.duplicates', { n: parsed.duplicates.length }),
  ].filter(Boolean);

  const submit = async () => {
    setBusy(true);
    if (await onAdd(parsed.flags.map((flag) => ({ flag })))) setText('');
    setBusy(false);
  };

  return (
    <EditSection title={t('admin.challenge.flags.add_heading')} gap="xs">
      <Textarea
        label={t('admin.challenge.flags.new')}
        description={t('admin.challenge.flags.new_hint')}
        autosize
        minRows={3}
        maxRows={12}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={problems.length > 0 ? problems.join(' ') : undefined}
        styles={monospaceInput}
      />
      <Group justify="flex-end">
        <Button
          leftSection={<IconPlus size={16} />}
          disabled={parsed.flags.length === 0}
          loading={busy}
          onClick={() => void submit()}
        >
          {t('admin.challenge.flags.add', { n: parsed.flags.length })}
        </Button>
      </Group>
    </EditSection>
  );
}

function NewFlagWithAttachment({ onAdd }: { onAdd: (flags: FlagCreateModel[]) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [flag, setFlag] = useState('');
  const [attachment, setAttachment] = useState<AttachmentDraft>({ ...noAttachment, type: 'Local' });
  const [busy, setBusy] = useState(false);
  const ready = flag.trim().length > 0 && isComplete(attachment);

  const submit = async () => {
    setBusy(true);
    if (await onAdd([{ flag: flag.trim(), ...toAttachmentModel(attachment) }])) {
      setFlag('');
      setAttachment({ ...noAttachment, type: 'Local' });
    }
    setBusy(false);
  };

  return (
    <EditSection title={t('admin.challenge.flags.add_heading')} gap="xs">
      <Text size="sm" c="dimmed">
        {t('admin.challenge.flags.dynamic_hint')}
      </Text>
      <TextInput
        label={t('admin.challenge.flags.flag')}
        maxLength={FLAG_MAX}
        value={flag}
        onChange={(event) => setFlag(event.currentTarget.value)}
        styles={monospaceInput}
      />
      <AttachmentEditor
        label={t('admin.challenge.flags.attachment')}
        value={attachment}
        onChange={setAttachment}
        required
      />
      <Group justify="flex-end">
        <Button
          leftSection={<IconPlus size={16} />}
          disabled={!ready}
          loading={busy}
          onClick={() => void submit()}
        >
          {t('admin.challenge.flags.add', { n: 1 })}
        </Button>
      </Group>
    </EditSection>
  );
}
