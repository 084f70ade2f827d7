import { Stack, Tabs } from '@mantine/core';
import { IconAlertTriangle, IconListDetails, IconNetwork, IconSend } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
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
      <Tabs
        variant="pills"
        value={props.active}
        onChange={(value) => value && navigate(`/games/${props.gameId}/monitor/${value}`)}
      >
        <Tabs.List
          aria-label={t('monitor.nav')}
          style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}
        >
          {SECTIONS.map(({ tab, label, icon: Icon }) => (
            <Tabs.Tab key={tab} value={tab} leftSection={<Icon size={16} />}>
              {t(label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {props.children}
    </Stack>
  );
}
