import { useMantineTheme } from '@mantine/core';
import { defaultClientConfig } from '@pennon/sdk';
import { BRAND_PALETTE, defaultThemePreference, paletteOf } from '@pennon/sdk/theme';
import { act, render, waitFor } from '@testing-library/react';
import { SWRConfig, useSWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { client } from '../../api/client.ts';
import { CONFIG_KEY } from '../../api/useConfig.ts';
import { AppProviders } from '../../app/AppProviders.tsx';
import { STORAGE_KEYS } from '../../constants.ts';
import { parseThemePreference, setThemePreference, useThemePreference } from './themePreference.ts';

describe('parseThemePreference', () => {
  it('reads a stored preference', () => {
    expect(parseThemePreference('{"provider":"Custom","color":"#E03131"}')).toEqual({
      provider: 'Custom',
      color: '#E03131',
    });
    expect(parseThemePreference('{"provider":"Default","color":""}')).toEqual({
      provider: 'Default',
      color: '',
    });
  });

  it.each([
    ['nothing', null],
    ['no JSON', '{provider:Custom'],
    ['an unknown provider', '{"provider":"Hacker","color":""}'],
    ['a colour that is no hex', '{"provider":"Custom","color":"red"}'],
    ['a three-digit colour', '{"provider":"Custom","color":"#e03"}'],
    ['markup in the colour', '{"provider":"Custom","color":"#e03131\\"><script>alert(1)</script>"}'],
    ['no colour at all', '{"provider":"Managed"}'],
    ['an array', '["Custom","#e03131"]'],
    ['a bare string', '"Custom"'],
  ])('ignores %s', (_, stored) => {
    expect(parseThemePreference(stored)).toEqual(defaultThemePreference);
  });
});

/** The app's providers around a probe of the preference and the primary palette applied. */
const renderProviders = () => {
  const seen: {
    preference?: ReturnType<typeof useThemePreference>;
    primary?: readonly string[];
    mutate?: ReturnType<typeof useSWRConfig>['mutate'];
  } = {};
  function Probe() {
    seen.mutate = useSWRConfig().mutate;
    seen.preference = useThemePreference();
    seen.primary = useMantineTheme().colors.brand;
    return null;
  }
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <AppProviders env="test">
        <Probe />
      </AppProviders>
    </SWRConfig>,
  );
  return seen;
};

describe('the theme preference in the app', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('ignores an invalid stored value and is Managed, which without a platform colour is the brand palette', () => {
    localStorage.setItem(STORAGE_KEYS.theme, '{"provider":"Custom","color":"url(javascript:alert(1))"}');
    const seen = renderProviders();
    expect(seen.preference).toEqual(defaultThemePreference);
    expect(seen.primary).toEqual(BRAND_PALETTE);
  });

  it("builds the palette from the platform's colour when Managed, and falls back when it is not hex", async () => {
    vi.spyOn(client.info, 'config').mockResolvedValue({ ...defaultClientConfig, customTheme: '#1971C2' });
    const seen = renderProviders();
    await waitFor(() => expect(seen.primary).toEqual(paletteOf('#1971c2')));

    await act(() =>
      seen.mutate?.(CONFIG_KEY, { ...defaultClientConfig, customTheme: 'blue' }, { revalidate: false }),
    );
    expect(seen.primary).toEqual(BRAND_PALETTE);
  });

  it('applies a choice at once, keeps it, and follows a change made in another tab', () => {
    const seen = renderProviders();
    act(() => setThemePreference({ provider: 'Custom', color: '#e03131' }));
    expect(seen.primary).toEqual(paletteOf('#e03131'));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.theme) ?? '')).toEqual({
      provider: 'Custom',
      color: '#e03131',
    });

    act(() => {
      localStorage.setItem(STORAGE_KEYS.theme, '{"provider":"Default","color":"#e03131"}');
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.theme }));
    });
    expect(seen.preference?.provider).toBe('Default');
    expect(seen.primary).toEqual(BRAND_PALETTE);
  });
});
