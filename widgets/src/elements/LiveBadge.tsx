import { Badge } from '@mantine/core';
import type { LiveMode } from '@pennon/sdk/feed';
import { useTranslation } from '../i18n/react-i18next.tsx';

/** How the element stays current: pushed live, or refreshed by polling. */
export function LiveBadge({ mode }: { mode: LiveMode }) {
  const { t } = useTranslation();
  if (mode === 'connecting') return null;
  return (
    <Badge size="xs" variant="dot" color={mode === 'push' ? 'teal' : 'gray'} data-live={mode}>
      {t(`widgets.live.${mode}`)}
    </Badge>
  );
}
