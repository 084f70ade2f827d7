import { Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconEye, IconInfoCircle, IconListDetails, IconTrophy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUser } from '../../../api/useUser.ts';
import { canMonitor } from '../[id]/monitor/lib/access.ts';
import { GameCountdown } from './GameStatus.tsx';

export type GameTab = 'info' | 'challenges' | 'scoreboard' | 'monitor';

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
  const base = `/games/${props.gameId}`;
  const paths: Record<GameTab, string> = {
    info: base,
    challenges: `${base}/Challenges`,
    scoreboard: `${base}/Scoreboard`,
    monitor: `${base}/monitor/Events`,
  };
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
      <Tabs value={props.active} onChange={(value) => value && navigate(paths[value as GameTab])}>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          <Tabs.Tab value="info" leftSection={<IconInfoCircle size={16} />}>
            {t('game.tab.info')}
          </Tabs.Tab>
          {(props.playing || props.active === 'challenges') && (
            <Tabs.Tab value="challenges" leftSection={<IconListDetails size={16} />}>
              {t('page.games.challenges')}
            </Tabs.Tab>
          )}
          <Tabs.Tab value="scoreboard" leftSection={<IconTrophy size={16} />}>
            {t('page.games.scoreboard')}
          </Tabs.Tab>
          {canMonitor(user) && (
            <Tabs.Tab value="monitor" leftSection={<IconEye size={16} />}>
              {t('monitor.tab')}
            </Tabs.Tab>
          )}
        </Tabs.List>
      </Tabs>
    </Stack>
  );
}
