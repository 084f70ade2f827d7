import { Skeleton, Text } from '@mantine/core';
import { errorMessage } from '@pennon/sdk';
import { useTranslation } from '../i18n/react-i18next.tsx';

/** While the data is not there: a placeholder, or why it failed. */
export function LoadState({ error, failed }: { error: unknown; failed: string }) {
  const { t } = useTranslation();
  if (error === undefined) return <Skeleton height={96} aria-busy />;
  return (
    <Text size="sm" c="red" role="alert">
      {t(failed)}: {errorMessage(error, t)}
    </Text>
  );
}
