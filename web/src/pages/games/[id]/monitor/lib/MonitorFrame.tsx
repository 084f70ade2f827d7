import { Stack } from '@mantine/core';
import { IconAlertTriangle, IconListDetails, IconNetwork, IconSend } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NavTabs } from '../../../../../components/NavTabs';
import { GameHeader } from '../../../lib/GameTabs.tsx';
import { useGame } from '../../useGame.ts';

/** The monitor pages, in order: path segment, title key, icon. */
const SECTIONS = [
  { tab: 'Events', label: 'page.monitor.events', icon: IconListDetails },
  { tab: 'Submissions', label: 'page.monitor.submissions', icon: IconSend },
  { tab: 'Traffic', label: 'page.monitor.traffic', icon: IconNetwork },
  { tab: 'CheatInfo', label: 'page.monitor.cheat_info', icon: IconAlertTriangle },
] as const;

export type MonitorTab = (typeof SECTIONS)[number]['tab'];

/** The frame of every monitor page: the game's header, then the tabs between the monitor pages. */
export function MonitorFrame(props: {
  gameId: number;
  active: MonitorTab;
  /** Buttons beside the game's title (an export). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { game } = useGame(props.gameId);
  const section = SECTIONS.find((item) => item.tab === props.active);
  return (
    <Stack component="section" gap="md">
      <GameHeader
        gameId={props.gameId}
        title={game?.title}
        fallbackTitle={t(section?.label ?? 'monitor.tab')}
        start={game?.start}
        end={game?.end}
        active="monitor"
        playing={game?.status === 'Accepted'}
        actions={props.actions}
      />
      <NavTabs
        variant="pills"
        label={t('monitor.nav')}
        tabs={SECTIONS.map(({ tab, label, icon: Icon }) => ({
          value: tab,
          label: t(label),
          icon: <Icon size={16} />,
        }))}
        active={props.active}
        onChange={(value) => navigate(`/games/${props.gameId}/monitor/${value}`)}
      />
      {props.children}
    </Stack>
  );
}
