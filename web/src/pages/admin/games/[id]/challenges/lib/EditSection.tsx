import { type MantineSpacing, Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

export interface EditSectionProps {
  /** The heading, which also names the section. */
  title: ReactNode;
  children: ReactNode;
  gap?: MantineSpacing;
}

/** A titled part of a challenge's editing pages (details, flags, attachment, test container). */
export function EditSection({ title, children, gap = 'sm' }: EditSectionProps) {
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap={gap}>
        <Title order={3} size="h5" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
