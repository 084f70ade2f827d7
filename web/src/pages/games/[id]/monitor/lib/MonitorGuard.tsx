import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useUser } from '../../../../../api/useUser.ts';
import { SessionLoader } from '../../../../../components/AccountCard/index.ts';
import { StatePanel } from '../../../../../components/StatePanel/index.ts';
import { loginPath } from '../../../../../utils/redirect.ts';
import { parseGameId } from '../../useGame.ts';
import { canMonitor } from './access.ts';

/**
 * Renders its children for monitors and admins only: visitors go to the sign-in page (and come back after),
 * other users see why they cannot enter. The server checks the role on every monitor call anyway.
 */
export function MonitorGuard({ gameId, children }: { gameId: number; children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { user, status } = useUser();
  if (status === 'signedOut')
    return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  if (!user) return <SessionLoader />;
  if (!canMonitor(user)) {
    return (
      <StatePanel
        icon={IconLock}
        color="red"
        title={t('monitor.forbidden.title')}
        message={t('monitor.forbidden.message')}
        testId="monitor-forbidden"
      >
        <Button component={Link} to={Number.isNaN(gameId) ? '/games' : `/games/${gameId}`} variant="light">
          {t('monitor.forbidden.back')}
        </Button>
      </StatePanel>
    );
  }
  return children;
}

/** A monitor page of the game in the address: its content, and the requests it makes, only past the guard. */
export const monitorPage = (Content: (props: { gameId: number }) => ReactNode) =>
  function MonitorPage() {
    const gameId = parseGameId(useParams().id);
    return (
      <MonitorGuard gameId={gameId}>
        <Content gameId={gameId} />
      </MonitorGuard>
    );
  };
