import { Card, type MantineSpacing, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface AdminCardProps {
  title: string;
  children: ReactNode;
  /** The space between the heading and each part of the content. */
  gap?: MantineSpacing;
}

/** A titled card of an admin page (a form section, a list, an upload). */
export function AdminCard({ title, children, gap = 'sm' }: AdminCardProps) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap={gap}>
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
