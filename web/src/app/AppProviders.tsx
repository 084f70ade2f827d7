import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../components/PageLoader/index.ts';
import { theme } from '../theme.ts';

/** Modals whose confirm/cancel labels follow the language. */
function TranslatedModals({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ModalsProvider labels={{ confirm: t('common.button.confirm'), cancel: t('common.button.cancel') }}>
      {children}
    </ModalsProvider>
  );
}

export interface AppProvidersProps {
  children: ReactNode;
  /** `test` turns off Mantine's transitions and portals. */
  env?: 'default' | 'test';
}

/** Theme (dark by default), notifications, modals, and a loader while the translations load. */
export function AppProviders({ children, env = 'default' }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="dark" env={env}>
      <Notifications
        position="bottom-right"
        limit={5}
        autoClose={4000}
        transitionDuration={250}
        containerWidth={440}
        notificationMaxHeight={200}
        zIndex={5000}
      />
      <Suspense fallback={<PageLoader />}>
        <TranslatedModals>{children}</TranslatedModals>
      </Suspense>
    </MantineProvider>
  );
}
