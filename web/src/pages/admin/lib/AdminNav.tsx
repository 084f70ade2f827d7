import { Button, Group, Stack } from '@mantine/core';
import {
  IconFileText,
  IconFlag,
  IconServer,
  IconSettings,
  IconUsers,
  IconUsersGroup,
  IconWebhook,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Page } from '../../../components/Page/index.ts';
import { AdminGuard } from './AdminGuard.tsx';

/** The admin sections (client-spec §2), in order: route, label key, icon. */
export const ADMIN_SECTIONS = [
  { to: '/admin/games', label: 'admin.nav.games', icon: IconFlag },
  { to: '/admin/Users', label: 'admin.nav.users', icon: IconUsers },
  { to: '/admin/Teams', label: 'admin.nav.teams', icon: IconUsersGroup },
  { to: '/admin/Instances', label: 'admin.nav.instances', icon: IconServer },
  { to: '/admin/Logs', label: 'admin.nav.logs', icon: IconFileText },
  { to: '/admin/Webhooks', label: 'admin.nav.webhooks', icon: IconWebhook },
  { to: '/admin/Settings', label: 'admin.nav.settings', icon: IconSettings },
] as const;

/** Links between the admin sections; the current one (games: any page below it) is marked. */
export function AdminNav() {
  const { t } = useTranslation();
  return (
    // Wraps on narrow screens, so every section stays in sight.
    <Group component="nav" gap={4} aria-label={t('admin.nav.label')}>
      {ADMIN_SECTIONS.map(({ to, label, icon: Icon }) => (
        <NavLink key={to} to={to} style={{ textDecoration: 'none' }}>
          {({ isActive }) => (
            <Button
              component="span"
              size="compact-md"
              variant={isActive ? 'light' : 'subtle'}
              color={isActive ? undefined : 'gray'}
              leftSection={<Icon size={16} />}
            >
              {t(label)}
            </Button>
          )}
        </NavLink>
      ))}
    </Group>
  );
}

export interface AdminPageProps {
  /** The page's translated name, its top heading. */
  title: string;
  children?: ReactNode;
}

/** The frame of every admin page: admins only (see AdminGuard), the section links, then the page. */
export function AdminPage({ title, children }: AdminPageProps) {
  return (
    <AdminGuard>
      <Stack gap="lg">
        <AdminNav />
        <Page title={title}>{children}</Page>
      </Stack>
    </AdminGuard>
  );
}
