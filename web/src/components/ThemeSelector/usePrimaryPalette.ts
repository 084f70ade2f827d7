import { type Palette, themePalette } from '@pennon/sdk/theme';
import { useMemo } from 'react';
import { useConfig } from '../../api/useConfig.ts';
import { useThemePreference } from './themePreference.ts';

/**
 * The primary palette the theme preference gives with the platform's colour (client-spec §4). A new one only
 * when either changes: the whole app re-renders with it.
 */
export const usePrimaryPalette = (): Palette => {
  const preference = useThemePreference();
  const managed = useConfig().config.customTheme;
  return useMemo(() => themePalette(preference, managed), [preference, managed]);
};
