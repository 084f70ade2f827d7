// The signed-in user (gzctf-api §5, "Profile"): fetched once, never refreshed on its own. A 401 means
// signed out; a 403 means the account is banned (signed out, with a notice); any other failure is
// retried every 10 s, and counts as signed out meanwhile.
import { notifications } from '@mantine/notifications';
import { isPennonError, type ProfileUserInfoModel } from '@pennon/sdk';
import useSWR, { useSWRConfig } from 'swr';
import { i18n } from '../i18n/instance.ts';
import { client } from './client.ts';

export const PROFILE_KEY = '/api/account/profile';

/** Retries of a failed profile call (other than 401/403) before giving up, and the pause between them. */
const MAX_RETRIES = 5;
const RETRY_DELAY = 10_000;

const statusOf = (err: unknown): number | undefined => (isPennonError(err) ? err.status : undefined);

/** The profile, or `null` when nobody is signed in. */
const fetchProfile = async (): Promise<ProfileUserInfoModel | null> => {
  try {
    return await client.account.profile();
  } catch (err) {
    if (statusOf(err) === 401) return null;
    throw err;
  }
};

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

export const useUser = () => {
  const { cache } = useSWRConfig();
  const { data, error, mutate } = useSWR(PROFILE_KEY, fetchProfile, {
    revalidateOnMount: cache.get(PROFILE_KEY)?.data === undefined,
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    refreshInterval: 0,
    onErrorRetry: (err, _key, _config, revalidate, { retryCount }) => {
      if (statusOf(err) === 403 || retryCount > MAX_RETRIES) return;
      setTimeout(() => revalidate({ retryCount }), RETRY_DELAY);
    },
    onError: (err) => {
      if (statusOf(err) !== 403) return;
      // Banned: end the session on the server too, and say why.
      client.account.logout().catch(() => {});
      void mutate(null, { revalidate: false });
      notifications.show({
        id: 'account-banned',
        color: 'red',
        title: i18n.t('account.banned.title'),
        message: i18n.t('account.banned.message'),
        autoClose: false,
      });
    },
  });

  const status: SessionStatus = data ? 'signedIn' : data === null || error ? 'signedOut' : 'loading';
  return {
    user: data ?? null,
    status,
    error: error as unknown,
    /** Re-reads the profile (after sign-in or a profile change). */
    refresh: () => mutate(),
    /** Forgets the user at once (after sign-out). */
    clear: () => mutate(null, { revalidate: false }),
    mutate,
  };
};
