import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconCalendarEvent, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../../i18n/formats.ts';
import { type GamePhase, gamePhase, splitDuration } from './logic.ts';
import { useNow } from './useNow.ts';

const PHASE_COLOR: Record<GamePhase, string> = { upcoming: 'blue', ongoing: 'teal', ended: 'gray' };

/** "2 days 03:04:05" / "03:04:05": a countdown in the reader's language. */
export function useDurationText() {
  const { t } = useTranslation();
  return (ms: number) => {
    const { days, clock } = splitDuration(ms);
    return days > 0 ? t('game.time.days_clock', { count: days, clock }) : clock;
  };
}

/** A badge for the game's phase. */
export function PhaseBadge({ phase }: { phase: GamePhase }) {
  const { t } = useTranslation();
  return (
    <Badge color={PHASE_COLOR[phase]} variant={phase === 'ongoing' ? 'filled' : 'light'}>
      {t(`game.phase.${phase}`)}
    </Badge>
  );
}

/** The phase, and a live countdown to the start (upcoming) or the end (ongoing). */
export function GameCountdown({ start, end }: { start: number; end: number }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const phase = gamePhase(start, end, now);
  const duration = useDurationText();
  let text: string;
  if (phase === 'upcoming') text = t('game.time.starts_in', { time: duration(start - now) });
  else if (phase === 'ongoing') text = t('game.time.ends_in', { time: duration(end - now) });
  else text = t('game.time.ended');
  return (
    <Group gap="xs">
      <PhaseBadge phase={phase} />
      <Text size="sm" c="dimmed" ff={phase === 'ended' ? undefined : 'monospace'} role="timer">
        {text}
      </Text>
    </Group>
  );
}

/** Localized start – end. */
export function GameTimeRange({ start, end }: { start: number; end: number }) {
  const { t, i18n } = useTranslation();
  const format = dateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconCalendarEvent size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm">
        <VisuallyHidden>{t('game.time.range')}: </VisuallyHidden>
        <time dateTime={new Date(start).toISOString()}>{format.format(start)}</time>
        {' – '}
        <time dateTime={new Date(end).toISOString()}>{format.format(end)}</time>
      </Text>
    </Group>
  );
}

/** "Teams of up to 4" / "Any team size". */
export function TeamLimit({ limit }: { limit: number }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <IconUsers size={16} aria-hidden />
      <Text size="sm">{limit > 0 ? t('game.limit', { count: limit }) : t('game.no_limit')}</Text>
    </Group>
  );
}
