import { Group, Title } from '@mantine/core';
import type { LiveMode } from '@pennon/sdk/feed';
import type { ReactNode } from 'react';
import { LiveBadge } from './LiveBadge.tsx';

export function WidgetHeader({ title, live }: { title: ReactNode; live: LiveMode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Title order={2} size="h5" lineClamp={1}>
        {title}
      </Title>
      <LiveBadge mode={live} />
    </Group>
  );
}
