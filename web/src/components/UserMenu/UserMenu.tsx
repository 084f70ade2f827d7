import { Avatar, Button, Group, Menu, Skeleton, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout, IconShieldLock, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { client } from '../../api/client.ts';
import { PROFILE_KEY, useUser } from '../../api/useUser.ts';
import { notifyError } from '../../utils/notify.ts';
import { loginPath } from '../../utils/redirect.ts';
import { initialsOf } from './initials.ts';
import classes from './UserMenu.module.css';

/** The header's account corner: Sign in / Register, or the signed-in user's menu. */
export function UserMenu() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { user, status, clear } = useUser();
  const { mutate } = useSWRConfig();

  if (status === 'loading') return <Skeleton height={34} width={34} circle aria-hidden />;

  if (!user) {
    const here = `${location.pathname}${location.search}`;
    const onAccountPage = /^\/account\//iu.test(location.pathname);
    return (
      <Group gap="xs" wrap="nowrap">
        <Button
          component={Link}
          to={onAccountPage ? '/account/Login' : loginPath(here)}
          variant="default"
          size="sm"
        >
          {t('account.menu.sign_in')}
        </Button>
        <Button component={Link} to="/account/Register" size="sm" visibleFrom="xs">
          {t('account.menu.register')}
        </Button>
      </Group>
    );
  }

  const signOut = async () => {
    try {
      await client.account.logout();
      // What this user saw is theirs: not shown to the next one, nor kept in the stored cache.
      await mutate((key) => key !== PROFILE_KEY, undefined, { revalidate: false });
      await clear();
      navigate('/');
    } catch (err) {
      notifyError(err, t);
    }
  };

  const name = user.userName ?? '';
  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        {/* Named by hidden text, not aria-label: the visible initials and name then need not be part of it. */}
        <UnstyledButton className={classes.target} data-testid="user-menu">
          <Group gap={8} wrap="nowrap">
            <VisuallyHidden>{t('account.menu.label', { name })}</VisuallyHidden>
            <Avatar src={user.avatar} alt="" size={30} radius="xl" color="initials" name={name} aria-hidden>
              {initialsOf(name)}
            </Avatar>
            <Text
              size="sm"
              fw={500}
              visibleFrom="sm"
              className={classes.name}
              data-testid="user-menu-name"
              aria-hidden
            >
              {name}
            </Text>
            <IconChevronDown size={14} stroke={1.5} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('account.menu.signed_in_as', { name })}</Menu.Label>
        <Menu.Item component={Link} to="/account/Profile" leftSection={<IconUser size={16} />}>
          {t('account.menu.profile')}
        </Menu.Item>
        {user.role === 'Admin' && (
          <Menu.Item component={Link} to="/admin/games" leftSection={<IconShieldLock size={16} />}>
            {t('account.menu.admin')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={signOut}>
          {t('account.menu.sign_out')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
