import { Anchor, Button, Code, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { forgetStoredCache } from '../../app/dataCache.ts';
import { PageLoadError, reloadForPageLoadError, shouldReloadFor } from '../../app/lazyPage.ts';
import { CONTACT_URL } from '../../constants.ts';
import { reloadPage } from '../../utils/reload.ts';
import { PageLoader } from '../PageLoader/index.ts';
import { describeError } from './describeError.ts';

/** Removes the stored data cache and reloads, for errors that a stale cache keeps bringing back. */
export const cleanCache = () => {
  forgetStoredCache();
  reloadPage();
};

/**
 * The router's error element: what went wrong, its stack trace, and two ways out. A page that failed
 * to load (typically a chunk of the build before a deploy) first gets one reload instead.
 */
export function ErrorScreen() {
  const error = useRouteError();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const stackLabel = useId();
  const reloading = shouldReloadFor(error);

  useEffect(() => {
    if (reloading && error instanceof PageLoadError && !reloadForPageLoadError(error)) rerender();
  }, [reloading, error]);

  if (reloading) return <PageLoader />;

  const { message, stack } = describeError(error, t);

  // Navigating to where we are renders the route afresh, without the error.
  const tryAgain = () => void navigate(location, { replace: true });

  return (
    <Container size="md" py="xl">
      <Stack gap="md" role="alert">
        <Group gap="sm" wrap="nowrap">
          <IconAlertTriangle size={32} color="var(--mantine-color-red-6)" aria-hidden />
          <Title order={2}>{t('common.error.encountered')}</Title>
        </Group>
        <Code block c="red" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {message}
        </Code>
        {stack && (
          // A scrolling block rather than a text field: the shell every page loads carries no form inputs.
          <Stack gap={4}>
            <Text id={stackLabel} size="sm" fw={500}>
              {t('error_page.stack')}
            </Text>
            <Code
              block
              aria-labelledby={stackLabel}
              tabIndex={0}
              fz={12}
              style={{ maxHeight: '20rem', overflow: 'auto' }}
            >
              {stack}
            </Code>
          </Stack>
        )}
        <Text size="sm" c="dimmed">
          {t('error_page.report')}{' '}
          <Anchor href={CONTACT_URL} target="_blank" rel="noreferrer" inherit>
            {t('common.contact')}
          </Anchor>
        </Text>
        <Group>
          <Button leftSection={<IconRefresh size={16} />} onClick={tryAgain}>
            {t('error_page.try_again')}
          </Button>
          <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={cleanCache}>
            {t('error_page.clean_cache')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
