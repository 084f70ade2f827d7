import { Alert, Badge, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '@pennon/sdk';
import { IconFileTypePdf, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { client } from '../../../../api/client.ts';
import { Markdown } from '../../../../components/Markdown/index.tsx';
import { formatFull } from '../../../../components/RelativeTime/index.ts';
import { notifySuccess } from '../../../../utils/notify.ts';
import { formatBytes } from './ChallengeModal.tsx';

/** The server's cap on a writeup (gzctf-api §4.12). */
export const WRITEUP_MAX_BYTES = 20 * 1024 * 1024;

/** Why a file cannot be a writeup (a translation key), or null when it can be sent. */
export const writeupProblem = (file: { name: string; type: string; size: number }): string | null => {
  const pdf = file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
  if (!pdf) return 'game.writeup.not_pdf';
  if (file.size > WRITEUP_MAX_BYTES) return 'game.writeup.too_large';
  return null;
};

/** The team's writeup for a game that requires one: the note, the deadline, what was sent, and an upload. */
export function WriteupCard({ gameId, deadline, now }: { gameId: number; deadline: number; now: number }) {
  const { t, i18n } = useTranslation();
  const info = useSWR(['/api/game', gameId, 'writeup'], () => client.game.writeup(gameId), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const closed = now > deadline;
  const locale = i18n.resolvedLanguage ?? i18n.language;

  const upload = async (file: File | null) => {
    if (!file) return;
    const invalid = writeupProblem(file);
    if (invalid) {
      setProblem(t(invalid));
      return;
    }
    setProblem(null);
    setUploading(true);
    try {
      await client.game.submitWriteup(gameId, file);
      notifySuccess(t('game.writeup.uploaded'));
      await info.mutate();
    } catch (err) {
      setProblem(errorMessage(err, t));
    } finally {
      setUploading(false);
    }
  };

  const data = info.data;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="writeup-title"
      data-testid="writeup"
    >
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} size="h5" id="writeup-title">
          {t('game.writeup.title')}
        </Title>
        {data && (
          <Badge variant="light" color={data.submitted ? 'teal' : closed ? 'gray' : 'orange'}>
            {t(data.submitted ? 'game.writeup.submitted' : 'game.writeup.missing')}
          </Badge>
        )}
      </Group>
      <Stack gap="xs">
        {data?.note ? <Markdown source={data.note} fz="sm" data-testid="writeup-note" /> : null}
        <Text size="sm" c={closed ? 'red' : 'dimmed'}>
          {t(closed ? 'game.writeup.closed' : 'game.writeup.deadline', {
            time: formatFull(deadline, locale),
          })}
        </Text>
        {info.error && !data ? (
          <Text size="sm" c="red" role="alert">
            {t('game.writeup.load_failed')}
          </Text>
        ) : data?.submitted ? (
          <Group gap={6} wrap="nowrap">
            <IconFileTypePdf size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="writeup-file">
              {data.name} · {formatBytes(data.fileSize)}
            </Text>
          </Group>
        ) : data ? (
          <Text size="sm" c="dimmed">
            {t('game.writeup.none')}
          </Text>
        ) : null}
        {problem && (
          <Alert color="red" variant="light" p="xs" role="alert" data-testid="writeup-error">
            {problem}
          </Alert>
        )}
        <FileButton onChange={upload} accept="application/pdf,.pdf" disabled={closed || uploading}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="sm"
              leftSection={<IconUpload size={16} />}
              loading={uploading}
              disabled={closed}
            >
              {t(data?.submitted ? 'game.writeup.replace' : 'game.writeup.upload')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t('game.writeup.hint')}
        </Text>
      </Stack>
    </Paper>
  );
}
