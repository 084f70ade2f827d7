import type { SWRConfiguration } from 'swr';

/** For data fetched once per page load: no refresh, no revalidation on focus or reconnect, no retry. */
export const ONCE: SWRConfiguration = {
  revalidateIfStale: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  refreshInterval: 0,
  shouldRetryOnError: false,
};
