import { ActionIcon, Divider, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMenu2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { ColorSchemeToggle } from '../ColorSchemeToggle/index.ts';
import { LanguageSelector } from '../LanguageSelector/index.ts';
import { ThemeSelector } from '../ThemeSelector/index.ts';
import classes from './AppLayout.module.css';
import { NAV_LINKS } from './navigation.ts';

/**
 * Below `sm`, the header keeps only the brand, this button and the account corner: the links and the preferences
 * move into a drawer, so the platform's name has the room it needs on a phone.
 */
export function PhoneMenu() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const label = t('common.nav.label');
  return (
    <>
      <ActionIcon variant="default" size="lg" hiddenFrom="sm" aria-label={label} onClick={open}>
        <IconMenu2 size={18} />
      </ActionIcon>
      <Drawer opened={opened} onClose={close} position="right" size={280} title={label} hiddenFrom="sm">
        <Stack gap="md">
          <Stack component="nav" gap={4} aria-label={label}>
            {NAV_LINKS.map(({ to, label: key }) => (
              <NavLink key={to} to={to} end={to === '/'} className={classes.link} onClick={close}>
                {t(key)}
              </NavLink>
            ))}
          </Stack>
          <Divider />
          <Group gap="xs">
            <LanguageSelector />
            <ThemeSelector />
            <ColorSchemeToggle />
          </Group>
        </Stack>
      </Drawer>
    </>
  );
}
