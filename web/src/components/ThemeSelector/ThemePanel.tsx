import { ColorSwatch, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { isThemeColor } from '@pennon/sdk/theme';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../api/useConfig.ts';
import { CustomColorInput } from './CustomColorInput.tsx';
import {
  isThemeProvider,
  setThemePreference,
  THEME_PROVIDERS,
  useThemePreference,
} from './themePreference.ts';
import { usePrimaryPalette } from './usePrimaryPalette.ts';

const SHADES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/**
 * The theme choice: the platform's colour (Managed), the brand palette (Default) or one of the user's own
 * (Custom). It applies at once and is kept in this browser; the palette it gives is shown.
 */
export default function ThemePanel() {
  const { t } = useTranslation();
  const preference = useThemePreference();
  const managed = useConfig().config.customTheme;
  const palette = usePrimaryPalette();
  const description =
    preference.provider === 'Managed' && !isThemeColor(managed)
      ? t('theme.description.managed_unset')
      : t(`theme.description.${preference.provider.toLowerCase()}`);

  const choose = (provider: string) => {
    if (!isThemeProvider(provider)) return;
    // Custom starts from the colour in use; the other providers keep the last custom colour for later.
    const color = provider === 'Custom' && !isThemeColor(preference.color) ? palette[6] : preference.color;
    setThemePreference({ provider, color });
  };

  return (
    <Stack gap="sm">
      <SegmentedControl
        fullWidth
        aria-label={t('theme.provider.label')}
        value={preference.provider}
        onChange={choose}
        data={THEME_PROVIDERS.map((provider) => ({
          value: provider,
          label: t(`theme.provider.${provider.toLowerCase()}`),
        }))}
      />
      {/* Not dimmed: on the dropdown's background that is too faint to read (axe color-contrast). */}
      <Text size="xs">{description}</Text>
      {preference.provider === 'Custom' && (
        <CustomColorInput
          color={preference.color}
          onApply={(color) => setThemePreference({ provider: 'Custom', color })}
        />
      )}
      <Group gap={4} wrap="nowrap" role="img" aria-label={t('theme.preview')}>
        {SHADES.map((shade) => (
          <ColorSwatch key={shade} color={palette[shade]} size={22} radius="sm" />
        ))}
      </Group>
    </Stack>
  );
}
