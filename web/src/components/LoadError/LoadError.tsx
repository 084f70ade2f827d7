import { Alert, Button, Loader, type MantineSpacing, Stack, Text } from '@mantine/core';
import { errorMessage, isRateLimited } from '@pennon/sdk';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTitle } from '../../utils/notify.ts';

/** The wait when a 429 names none: about what the server's limiters take to give a little budget back. */
const DEFAULT_WAIT_S = 10;

/**
 * Seconds until a rate-limited load is tried again: the server's `Retry-After`, plus up to a fifth more, so that
 * a crowd refused at once (a class behind one address) does not come back at once.
 */
const waitFor = (retryAfter: number | undefined): number => {
  const wait = retryAfter && retryAfter > 0 ? retryAfter : DEFAULT_WAIT_S;
  return Math.ceil(wait * (1 + Math.random() / 5));
};

/** A refused load (429): "slow down", and a count-down to the retry it makes itself when the server said it may. */
function RetryingSoon({
  error,
  retry,
  mt,
}: {
  error: { retryAfter?: number };
  retry: () => unknown;
  mt?: MantineSpacing;
}) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(error.retryAfter ?? DEFAULT_WAIT_S);
  // The caller's `retry` may be a new function each render; the count-down must not restart for that.
  const retryRef = useRef(retry);
  retryRef.current = retry;
  // A new refusal (the retry was refused again) starts a new count-down.
  useEffect(() => {
    let seconds = waitFor(error.retryAfter);
    setLeft(seconds);
    const timer = setInterval(() => {
      seconds -= 1;
      setLeft(seconds);
      if (seconds > 0) return;
      clearInterval(timer);
      void retryRef.current();
    }, 1000);
    return () => clearInterval(timer);
  }, [error]);
  return (
    <Alert
      role="status"
      color="yellow"
      variant="light"
      icon={<Loader size={18} color="yellow" />}
      title={t('common.error.slow_down')}
      mt={mt}
    >
      <Text size="sm">{t('common.error.retrying_in', { count: Math.max(left, 0) })}</Text>
    </Alert>
  );
}

/**
 * Data that could not be loaded: what went wrong, in the server's words, and a way to try again. A rate limit's
 * refusal is not a failure to the reader: it says so, and tries again by itself once the server's wait is over.
 */
export function LoadError({
  error,
  retry,
  title,
  mt,
}: {
  error: unknown;
  retry: () => unknown;
  /** Translation key of the heading. */
  title: string;
  mt?: MantineSpacing;
}) {
  const { t } = useTranslation();
  if (isRateLimited(error)) return <RetryingSoon error={error} retry={retry} mt={mt} />;
  return (
    <Alert
      role="alert"
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      title={errorTitle(error, t, title)}
      mt={mt}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(error, t)}</Text>
        <Button size="xs" variant="default" onClick={() => void retry()}>
          {t('error_page.try_again')}
        </Button>
      </Stack>
    </Alert>
  );
}
