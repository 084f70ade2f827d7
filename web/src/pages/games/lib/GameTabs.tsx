import { Group, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconInfoCircle, IconListDetails, IconTrophy } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUser } from '../../../api/useUser.ts';
import { preloadPage } from '../../../app/preloadPage.ts';
import { type NavTab, NavTabs } from '../../../components/NavTabs';
import { canMonitor } from '../[id]/monitor/lib/access.ts';
import { GameCountdown } from './GameStatus.tsx';
import { loadLive } from './useScoreboard.ts';

export type GameTab = 'info' | 'challenges' | 'scoreboard' | 'monitor';

/** Runs `task` once the browser is idle (Safari has no idle callbacks: soon after); returns its cancel. */
const whenIdle = (task: () => void): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
};

/** Where each of a game's tabs leads. */
const gamePaths = (gameId: number): Record<GameTab, string> => {
  const base = `/games/${gameId}`;
  return {
    info: base,
    challenges: `${base}/Challenges`,
    scoreboard: `${base}/Scoreboard`,
    monitor: `${base}/monitor/Events`,
  };
};

/** The head of every game page: its title, phase and countdown, and the tabs between its pages. */
export function GameHeader(props: {
  gameId: number;
  title: string | undefined;
  /** The page's name, the heading until the game's title is known. */
  fallbackTitle: string;
  start?: number;
  end?: number;
  active: GameTab;
  /** Whether the caller's team plays in the game (the challenges tab is theirs only). */
  playing: boolean;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useUser();
  const paths = useMemo(() => gamePaths(props.gameId), [props.gameId]);
  const monitor = canMonitor(user);
  const challenges = props.playing || props.active === 'challenges';
  // The tabs' pages (and the hub client their live feed connects with) load while the browser is idle, so a tap on
  // a tab renders its page at once.
  const preloaded = useMemo(
    () =>
      [paths.info, paths.scoreboard, challenges && paths.challenges, monitor && paths.monitor].filter(
        (path) => path !== false,
      ),
    [paths, challenges, monitor],
  );
  useEffect(
    () =>
      whenIdle(() => {
        for (const path of preloaded) preloadPage(path);
        loadLive().catch(() => {});
      }),
    [preloaded],
  );
  const tabs: NavTab[] = [
    { value: 'info', label: t('game.tab.info'), icon: <IconInfoCircle size={16} /> },
    ...(challenges
      ? [{ value: 'challenges', label: t('page.games.challenges'), icon: <IconListDetails size={16} /> }]
      : []),
    { value: 'scoreboard', label: t('page.games.scoreboard'), icon: <IconTrophy size={16} /> },
    ...(monitor ? [{ value: 'monitor', label: t('monitor.tab'), icon: <IconEye size={16} /> }] : []),
  ];
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} miw={0}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {props.title ?? props.fallbackTitle}
          </Title>
          {props.start !== undefined && props.end !== undefined ? (
            <GameCountdown start={props.start} end={props.end} />
          ) : (
            <Text size="sm">&nbsp;</Text>
          )}
        </Stack>
        {props.actions}
      </Group>
      <NavTabs tabs={tabs} active={props.active} onChange={(value) => navigate(paths[value as GameTab])} />
    </Stack>
  );
}
