import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../i18n/formats.ts';

export interface ConfirmSubjectProps {
  /** Shown as #id. */
  id?: number | string;
  /** A detail that tells it apart, e.g. an e-mail address. */
  detail?: string | null;
  /** When it is (a post's date) or runs (a game's start and end). */
  time?: number | readonly [start: number, end: number];
}

/**
 * Under a delete confirmation: which one goes, by id and a date or detail, since two may share a title (two games
 * called "Harbour Cup") and the dialog must tell them apart.
 */
export function ConfirmSubject({ id, detail, time }: ConfirmSubjectProps) {
  const { i18n } = useTranslation();
  const format = dateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const when =
    time === undefined
      ? undefined
      : typeof time === 'number'
        ? format.format(time)
        : format.formatRange(...time);
  return (
    <Text size="sm" c="dimmed" data-testid="confirm-subject" style={{ overflowWrap: 'anywhere' }}>
      {[id === undefined ? undefined : `#${id}`, detail, when].filter(Boolean).join(' · ')}
    </Text>
  );
}
