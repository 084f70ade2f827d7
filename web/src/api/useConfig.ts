import { type ClientConfig, defaultClientConfig } from '@pennon/sdk';
import { useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { STORAGE_KEYS } from '../constants.ts';
import { local, readItem, writeItem } from '../utils/storage.ts';
import { client } from './client.ts';
import { ONCE } from './once.ts';

/** The SWR key of the configuration: revalidate it after changing the configuration. */
export const CONFIG_KEY = '/api/config';

/** The configuration saved by the last visit, over the defaults; the defaults alone when none is usable. */
export const readStoredConfig = (): ClientConfig => {
  try {
    const stored: unknown = JSON.parse(readItem(local, STORAGE_KEYS.config) ?? 'null');
    if (stored && typeof stored === 'object' && !Array.isArray(stored)) {
      return { ...defaultClientConfig, ...(stored as Partial<ClientConfig>) };
    }
  } catch {
    // unreadable: fall through to the defaults
  }
  return defaultClientConfig;
};

const storeConfig = (config: ClientConfig) => {
  writeItem(local, STORAGE_KEYS.config, JSON.stringify(config));
};

/**
 * The platform's public configuration. Fetched once per page load (no refresh, no revalidation on focus
 * or reconnect, no retry); until it arrives, and if it fails, the stored copy or the defaults are shown.
 */
export const useConfig = () => {
  const { cache } = useSWRConfig();
  const [stored] = useState(readStoredConfig);
  const { data, error, isLoading } = useSWR(CONFIG_KEY, () => client.info.config(), {
    fallbackData: stored,
    // Only the first hook to mount fetches; later ones read what it got.
    revalidateOnMount: cache.get(CONFIG_KEY)?.data === undefined,
    ...ONCE,
    onSuccess: storeConfig,
  });
  return { config: data, error: error as unknown, isLoading };
};
