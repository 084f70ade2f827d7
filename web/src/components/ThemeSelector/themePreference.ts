// The user's theme preference (client-spec §4), kept in localStorage under a fixed key and shared by every
// component that reads it, and by the other tabs of the site. A stored value that is not a valid preference
// (hand-edited, or planted to inject something) is ignored.
import {
  defaultThemePreference,
  isThemeColor,
  type ThemePreference,
  type ThemeProvider,
} from '@pennon/sdk/theme';
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../constants.ts';
import { local, readItem, writeItem } from '../../utils/storage.ts';

export const THEME_PROVIDERS: readonly ThemeProvider[] = ['Managed', 'Default', 'Custom'];

export const isThemeProvider = (value: unknown): value is ThemeProvider =>
  THEME_PROVIDERS.includes(value as ThemeProvider);

/** The preference a stored value holds; the default one when it is missing, unreadable or no preference. */
export const parseThemePreference = (stored: string | null): ThemePreference => {
  try {
    const value: unknown = JSON.parse(stored ?? 'null');
    if (value && typeof value === 'object') {
      const { provider, color } = value as Record<string, unknown>;
      if (isThemeProvider(provider) && (color === '' || isThemeColor(color))) return { provider, color };
    }
  } catch {
    // not JSON: the default
  }
  return defaultThemePreference;
};

// The last stored value read and what it held, so each read of an unchanged value gives the same object.
let read: { stored: string | null; preference: ThemePreference } | undefined;
// A choice the storage refused (disabled or full): it holds for this page.
let unsaved: ThemePreference | undefined;
const listeners = new Set<() => void>();

const snapshot = (): ThemePreference => {
  if (unsaved) return unsaved;
  const stored = readItem(local, STORAGE_KEYS.theme);
  if (read?.stored !== stored) read = { stored, preference: parseThemePreference(stored) };
  return read.preference;
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  // Another tab changed it.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
};

export const setThemePreference = (preference: ThemePreference) => {
  unsaved = writeItem(local, STORAGE_KEYS.theme, JSON.stringify(preference)) ? undefined : preference;
  for (const listener of listeners) listener();
};

/** The current theme preference; the component re-renders when it changes. */
export const useThemePreference = (): ThemePreference => useSyncExternalStore(subscribe, snapshot);
