import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Loader,
  Modal,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { type AnswerResult, type ChallengeInfo, type ChallengeItem, errorMessage } from '@pennon/sdk';
import {
  IconAlertTriangle,
  IconBulb,
  IconCircleCheck,
  IconCircleX,
  IconClock,
  IconDownload,
  IconFlag,
  IconHelpCircle,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { client } from '../../../../api/client.ts';
import { LoadError } from '../../../../components/LoadError/index.ts';
import { Markdown } from '../../../../components/Markdown/index.tsx';
import { dateTimeFormat } from '../../../../i18n/formats.ts';
import { monospaceInput } from '../../../../theme';
import { errorTitle } from '../../../../utils/notify.ts';
import { categoryStyle } from '../../lib/categories.tsx';
import { hasTime } from '../../lib/logic.ts';
import { type SubmitState, useFlagSubmit } from '../../lib/useFlagSubmit.ts';
import { useNow } from '../../lib/useNow.ts';
import { CostedHints } from './CostedHints.tsx';
import { InstancePanel } from './InstancePanel.tsx';

/** Challenge detail refresh (gzctf-api §5). */
const DETAIL_REFRESH = 120_000;

const OUTCOME: Record<Exclude<AnswerResult, 'FlagSubmitted'>, { color: string; key: string }> = {
  Accepted: { color: 'teal', key: 'accepted' },
  WrongAnswer: { color: 'red', key: 'wrong' },
  CheatDetected: { color: 'red', key: 'wrong' },
  NotFound: { color: 'orange', key: 'not_found' },
};

/** What became of the last submission. */
export function SubmitOutcome({ state }: { state: SubmitState }) {
  const { t } = useTranslation();
  if (state.phase === 'idle' || state.phase === 'submitting') return null;
  if (state.phase === 'judging') {
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<Loader size={16} />}
        role="status"
        data-testid="flag-outcome"
      >
        {t('game.flag.judging')}
      </Alert>
    );
  }
  if (state.phase === 'failed') {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        role="alert"
        title={errorTitle(state.error, t, 'game.flag.failed')}
        data-testid="flag-outcome"
      >
        {errorMessage(state.error, t)}
      </Alert>
    );
  }
  const outcome = state.result === 'FlagSubmitted' ? OUTCOME.NotFound : OUTCOME[state.result];
  const OutcomeIcon =
    outcome.key === 'accepted' ? IconCircleCheck : outcome.key === 'wrong' ? IconCircleX : IconHelpCircle;
  return (
    <Alert
      color={outcome.color}
      variant="filled"
      icon={<OutcomeIcon size={20} />}
      role="status"
      title={t(`game.flag.${outcome.key}.title`)}
      data-testid="flag-outcome"
      data-result={state.result}
    >
      {t(`game.flag.${outcome.key}.message`)}
    </Alert>
  );
}

/**
 * One challenge as the caller's team sees it: its text, hints, attachment, the team's container,
 * attempts and deadline, and the flag form.
 */
export function ChallengeModal(props: {
  gameId: number;
  info: ChallengeInfo | null;
  solved: boolean;
  /** The team's solve of it (from its scoreboard item): who and when. */
  solve?: ChallengeItem;
  onClose: () => void;
  /** Called after an accepted flag or an unlocked hint (to refresh the team's score). */
  onScoreChanged: () => unknown;
}) {
  const { t, i18n } = useTranslation();
  const { gameId, info } = props;
  const challengeId = info?.id ?? 0;
  const now = useNow(30_000);
  const { data, error, mutate } = useSWR(
    info ? ['/api/game', gameId, 'challenge', challengeId] : null,
    () => client.game.challenge(gameId, challengeId),
    { refreshInterval: DETAIL_REFRESH, revalidateOnFocus: false },
  );
  const { state, submit, reset, busy } = useFlagSubmit(gameId, challengeId);
  const [flag, setFlag] = useState('');
  const [flagError, setFlagError] = useState<string | null>(null);

  const close = () => {
    reset();
    setFlag('');
    setFlagError(null);
    props.onClose();
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const value = flag.trim();
    if (value === '') {
      setFlagError(t('game.flag.required'));
      return;
    }
    setFlagError(null);
    const result = await submit(value);
    if (result === 'Accepted') {
      setFlag('');
      await props.onScoreChanged();
    }
    await mutate();
  };

  const style = categoryStyle(info?.category ?? 'Misc');
  const CategoryIcon = style.icon;
  const deadline = data?.deadline ?? info?.deadline ?? null;
  const pastDeadline = deadline !== null && deadline > 0 && deadline < now;
  const limitReached = data !== undefined && data.limit > 0 && data.attempts >= data.limit;
  const dateFormat = dateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const isContainer = data?.type === 'StaticContainer' || data?.type === 'DynamicContainer';
  // The server appends the free titled hints' contents to `hints` for GZ::CTF's client; here they show with their
  // titles among the titled hints instead.
  const freeTitled = data?.costedHints?.filter((h) => h.cost === 0).length ?? 0;
  const plainHints = data?.hints?.slice(0, data.hints.length - freeTitled) ?? [];

  return (
    <Modal
      opened={info !== null}
      onClose={close}
      size="lg"
      title={
        info && (
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" color={style.color} aria-hidden>
              <CategoryIcon size={18} />
            </ThemeIcon>
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {info.title}
            </Title>
          </Group>
        )
      }
    >
      {info && (
        <Stack gap="md">
          <Group gap="xs">
            <Badge color={style.color} variant="light">
              {t(`game.category.${info.category}`, { defaultValue: info.category })}
            </Badge>
            <Badge variant="outline" color="gray">
              {t('game.challenge.points', { count: data?.score ?? info.score })}
            </Badge>
            {props.solved && (
              <Badge color="teal" leftSection={<IconCircleCheck size={12} />}>
                {t('game.challenge.solved')}
              </Badge>
            )}
          </Group>
          {!data && error ? (
            <LoadError error={error} retry={() => mutate()} title="game.challenge.load_failed" />
          ) : !data ? (
            <Stack gap="xs" aria-busy>
              <Skeleton height={14} />
              <Skeleton height={14} />
              <Skeleton height={14} width="60%" />
            </Stack>
          ) : (
            <>
              {data.content ? (
                <Markdown source={data.content} />
              ) : (
                <Text c="dimmed">{t('game.challenge.no_content')}</Text>
              )}
              {plainHints.length > 0 && (
                <Alert
                  variant="light"
                  color="yellow"
                  icon={<IconBulb size={18} />}
                  title={t('game.challenge.hints')}
                >
                  <List size="sm" spacing={4} data-testid="hints">
                    {plainHints.map((hint) => (
                      <List.Item key={hint}>
                        <Markdown source={hint} fz="sm" />
                      </List.Item>
                    ))}
                  </List>
                </Alert>
              )}
              {data.costedHints && (
                <CostedHints
                  gameId={gameId}
                  challengeId={challengeId}
                  hints={data.costedHints}
                  onUnlocked={async () => {
                    await mutate();
                    await props.onScoreChanged();
                  }}
                />
              )}
              {data.context.url && (
                <Group gap="xs">
                  <Button
                    component="a"
                    href={data.context.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="light"
                    leftSection={<IconDownload size={16} />}
                    download={downloadName(data.context.url)}
                  >
                    {t('game.challenge.download')}
                  </Button>
                  {data.context.fileSize ? (
                    <Text size="xs" c="dimmed">
                      {formatBytes(data.context.fileSize)}
                    </Text>
                  ) : null}
                </Group>
              )}
              {isContainer && (
                <InstancePanel
                  gameId={gameId}
                  challengeId={challengeId}
                  title={data.title}
                  context={data.context}
                  refresh={() => mutate()}
                />
              )}
              <Group gap="md">
                {data.limit > 0 && (
                  <Text size="sm" c={limitReached ? 'red' : 'dimmed'}>
                    {t('game.challenge.attempts', { attempts: data.attempts, limit: data.limit })}
                  </Text>
                )}
                {deadline !== null && deadline > 0 && (
                  <Group gap={4}>
                    <IconClock size={14} aria-hidden />
                    <Text size="sm" c={pastDeadline ? 'red' : 'dimmed'}>
                      {t(pastDeadline ? 'game.challenge.deadline_passed' : 'game.challenge.deadline', {
                        time: dateFormat.format(deadline),
                      })}
                    </Text>
                  </Group>
                )}
              </Group>
            </>
          )}
          {props.solved ? (
            <SolvedNote solve={props.solve} format={dateFormat} />
          ) : (
            <form onSubmit={(event) => void onSubmit(event)} noValidate>
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <TextInput
                  label={t('game.flag.label')}
                  placeholder={data?.flagFormat ?? t('game.flag.placeholder')}
                  value={flag}
                  onChange={(event) => setFlag(event.currentTarget.value)}
                  error={flagError}
                  maxLength={127}
                  autoComplete="off"
                  spellCheck={false}
                  leftSection={<IconFlag size={16} />}
                  disabled={limitReached}
                  style={{ flex: 1 }}
                  styles={monospaceInput}
                />
                <Button type="submit" loading={busy} disabled={limitReached}>
                  {t('game.flag.submit')}
                </Button>
              </Group>
            </form>
          )}
          <SubmitOutcome state={state} />
        </Stack>
      )}
    </Modal>
  );
}

/** Says the team solved the challenge, who and when, in place of the flag box. */
function SolvedNote({ solve, format }: { solve?: ChallengeItem; format: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  const when = solve && hasTime(solve.time) ? format.format(solve.time) : null;
  let message = t('game.challenge.solved_by_team');
  if (solve?.userName && when) message = t('game.challenge.solved_by', { user: solve.userName, time: when });
  else if (when) message = t('game.challenge.solved_at', { time: when });
  return (
    <Alert
      color="teal"
      variant="light"
      icon={<IconCircleCheck size={18} />}
      title={t('game.challenge.solved_title')}
      data-testid="solved-note"
    >
      {message}
      {solve?.afterFreeze && (
        <Text size="sm" mt={4} data-testid="solved-after-freeze">
          {t('game.challenge.after_freeze')}
        </Text>
      )}
    </Alert>
  );
}

/** The name a same-origin attachment is saved under: the last segment of its URL (the server's file name). */
export const downloadName = (url: string): string | undefined => {
  if (!url.startsWith('/')) return undefined;
  const last = url.split(/[?#]/)[0]?.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last) || undefined;
  } catch {
    return undefined;
  }
};

/** 1.2 MiB, 340 KiB… */
export const formatBytes = (bytes: number): string => {
  const units = ['B', 'KiB', 'MiB', 'GiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
};
