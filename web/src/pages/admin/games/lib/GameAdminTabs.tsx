import {
  IconBook,
  IconFlag,
  IconInfoCircle,
  IconScale,
  IconSpeakerphone,
  IconUserCheck,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { NavTabs } from '../../../../components/NavTabs';

const tabs = ['Info', 'Notices', 'Review', 'Awards', 'Writeups', 'challenges'] as const;
export type GameAdminTab = (typeof tabs)[number];

const icons: Record<GameAdminTab, ReactNode> = {
  Info: <IconInfoCircle size={16} />,
  Notices: <IconSpeakerphone size={16} />,
  Review: <IconUserCheck size={16} />,
  Awards: <IconScale size={16} />,
  Writeups: <IconBook size={16} />,
  challenges: <IconFlag size={16} />,
};

const labelKeys = {
  Info: 'page.admin.game.info',
  Notices: 'page.admin.game.notices',
  Review: 'page.admin.game.review',
  Awards: 'page.admin.game.awards',
  Writeups: 'page.admin.game.writeups',
  challenges: 'page.admin.game.challenges',
} as const satisfies Record<GameAdminTab, string>;

/** Which tab a path under /admin/games/{id}/ belongs to (paths match in any case; challenge pages are all "challenges"). */
export function activeGameAdminTab(pathname: string): GameAdminTab | null {
  const segment = pathname.split('/')[4]?.toLowerCase();
  return tabs.find((tab) => tab.toLowerCase() === segment) ?? null;
}

/** The tabs between the admin pages of one game; the current one follows the address. */
export function GameAdminTabs({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <NavTabs
      tabs={tabs.map((tab) => ({ value: tab, label: t(labelKeys[tab]), icon: icons[tab] }))}
      active={activeGameAdminTab(pathname)}
      onChange={(value) => navigate(`/admin/games/${gameId}/${value}`)}
    />
  );
}
