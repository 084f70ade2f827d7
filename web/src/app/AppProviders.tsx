// Mantine's base styles; each component's own come with its code (vite/mantine-styles.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { isRateLimited } from '@pennon/sdk';
import { type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { PageLoader } from '../components/PageLoader/index.ts';
import { usePrimaryPalette } from '../components/ThemeSelector/index.ts';
import { cssVariablesResolver, themeWithPrimary } from '../theme.ts';
import classes from './AppProviders.module.css';
import { appDataCache } from './dataCache.ts';

/** Modals whose confirm/cancel labels follow the language. */
function TranslatedModals({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ModalsProvider labels={{ confirm: t('common.button.confirm'), cancel: t('common.button.cancel') }}>
      {children}
    </ModalsProvider>
  );
}

/** Mantine with the primary palette of the user's theme preference, following it (and the platform's colour) live. */
function ThemedMantine({ children, env }: Required<AppProvidersProps>) {
  const primary = usePrimaryPalette();
  const theme = useMemo(() => themeWithPrimary(primary), [primary]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="dark"
      env={env}
    >
      {children}
    </MantineProvider>
  );
}

/**
 * Data fetching (client-spec §9): everything refreshes every 10 s unless its hook says otherwise. SWR's own
 * defaults are the spec's (retry after 5 s, focus throttle 5 s, dedupe 2 s, slow after 3 s; 10 s and 5 s on
 * slow connections), so they are left as they are, but for a rate limit's refusal: retrying before its
 * `Retry-After` is refused again, so it is left to the "slow down" state that shows it (LoadError), which waits.
 */
export const DATA_DEFAULTS: SWRConfiguration = {
  refreshInterval: 10_000,
  onErrorRetry: (error, ...rest) => {
    if (!isRateLimited(error)) SWRConfig.defaultValue.onErrorRetry(error, ...rest);
  },
};

const APP_DATA: SWRConfiguration = { ...DATA_DEFAULTS, provider: appDataCache };

export interface AppProvidersProps {
  children: ReactNode;
  /** `test` turns off Mantine's transitions and portals, and leaves the data cache to the test. */
  env?: 'default' | 'test';
}

/** Data fetching, theme (dark by default), notifications, modals, and a loader while the translations load. */
export function AppProviders({ children, env = 'default' }: AppProvidersProps) {
  return (
    <SWRConfig value={env === 'test' ? DATA_DEFAULTS : APP_DATA}>
      <ThemedMantine env={env}>
        {/* At the top, where no form keeps its buttons (at the bottom right they covered "Save" and "Add"), below
            the header (the stylesheet says why). */}
        <Notifications
          position="top-center"
          classNames={{ root: classes.toasts }}
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
      </ThemedMantine>
    </SWRConfig>
  );
}
