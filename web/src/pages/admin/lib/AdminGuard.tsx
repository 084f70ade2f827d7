import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useUser } from '../../../api/useUser.ts';
import { SessionLoader } from '../../../components/AccountCard/index.ts';
import { StatePanel } from '../../../components/StatePanel/index.ts';
import { loginPath } from '../../../utils/redirect.ts';

/** In place of an admin page for a signed-in user who is not an admin. */
export function AdminForbidden() {
  const { t } = useTranslation();
  return (
    <StatePanel
      icon={IconLock}
      color="red"
      title={t('admin.forbidden.title')}
      message={t('admin.forbidden.message')}
      order={1}
      mt="md"
      link={{ to: '/', label: t('admin.forbidden.home') }}
    />
  );
}

/**
 * Renders its children for admins only: visitors go to the sign-in page (and come back after), other
 * users see why they cannot enter. The server checks the role on every admin call anyway.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { user, status } = useUser();
  if (status === 'signedOut')
    return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  if (!user) return <SessionLoader />;
  if (user.role !== 'Admin') return <AdminForbidden />;
  return children;
}
