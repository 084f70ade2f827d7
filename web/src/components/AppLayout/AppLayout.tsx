import { AppShell, Container, Group, Image, Progress } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useNavigation } from 'react-router';
import brandLogo from '../../../../static/brand/logo.svg';
import { useConfig } from '../../api/useConfig.ts';
import { PageNameProvider, useDocumentTitle } from '../../app/pageTitle.tsx';
import { ColorSchemeToggle } from '../ColorSchemeToggle/index.ts';
import { LanguageSelector } from '../LanguageSelector/index.ts';
import { Markdown } from '../Markdown/index.tsx';
import { ThemeSelector } from '../ThemeSelector/index.ts';
import { UserMenu } from '../UserMenu/index.ts';
import classes from './AppLayout.module.css';
import { NAV_LINKS } from './navigation.ts';
import { PhoneMenu } from './PhoneMenu.tsx';

/** The app shell: header with the platform title, navigation and preferences; the page below, then the footer. */
export function AppLayout() {
  const { t } = useTranslation();
  const { config } = useConfig();
  const navigation = useNavigation();
  const setPageName = useDocumentTitle();

  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        {navigation.state !== 'idle' && (
          <Progress className={classes.progress} value={100} size={2} radius={0} animated />
        )}
        <div className={classes.header}>
          <Link to="/" className={classes.brand}>
            <Image src={config.logoUrl ?? brandLogo} alt="" w={32} h={32} fit="contain" />
            <span className={classes.brandTitle}>{config.title}</span>
          </Link>
          <Group component="nav" gap={4} visibleFrom="sm" aria-label={t('common.nav.label')}>
            {NAV_LINKS.map(({ to, label }) => (
              <NavLink key={to} to={to} end={to === '/'} className={classes.link}>
                {t(label)}
              </NavLink>
            ))}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Group gap="xs" wrap="nowrap" visibleFrom="sm">
              <LanguageSelector />
              <ThemeSelector />
              <ColorSchemeToggle />
            </Group>
            <PhoneMenu />
            <UserMenu />
          </Group>
        </div>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="xl">
          <PageNameProvider value={setPageName}>
            <Outlet />
          </PageNameProvider>
        </Container>
        {config.footerInfo && (
          <Container component="footer" size="xl" className={classes.footer} data-testid="site-footer">
            <Markdown source={config.footerInfo} />
          </Container>
        )}
      </AppShell.Main>
    </AppShell>
  );
}
