import { ActionIcon, Loader, Popover, Stack, Text } from '@mantine/core';
import { IconPalette } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// Loaded on first opening: the colour picker stays out of the first page's scripts.
const ThemePanel = lazy(() => import('./ThemePanel.tsx'));

/** The header's theme control (client-spec §4): a button opening the theme choice. */
export function ThemeSelector() {
  const { t } = useTranslation();
  const label = t('theme.label');
  return (
    <Popover position="bottom-end" width={300} shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <ActionIcon variant="default" size="lg" aria-label={label} title={label}>
          <IconPalette size={18} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          {/* Focused on opening, so Tab then reaches the choice made rather than the first one. */}
          <Text fw={500} size="sm" tabIndex={-1} data-autofocus>
            {label}
          </Text>
          <Suspense fallback={<Loader size="sm" mx="auto" />}>
            <ThemePanel />
          </Suspense>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
