import { Skeleton, Text } from '@mantine/core';
import { errorMessage } from '@pennon/sdk';
import { useTranslation } from '../i18n/react-i18next.tsx';
import { EmbedRefused } from '../live/refusal.ts';

/** While the data is not there: a placeholder, or why it failed (for a refused site, what its owner can do). */
export function LoadState({ error, failed }: { error: unknown; failed: string }) {
  const { t } = useTranslation();
  if (error === undefined) return <Skeleton height={96} aria-busy />;
  return (
    <Text size="sm" c="red" role="alert" data-testid="widget-error" style={{ overflowWrap: 'anywhere' }}>
      {error instanceof EmbedRefused
        ? t('widgets.error.refused', { origin: error.origin })
        : `${t(failed)}: ${errorMessage(error, t)}`}
    </Text>
  );
}
