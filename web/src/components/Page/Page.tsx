import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PageProps {
  /** The page's translated name, its top heading. */
  title: string;
  children?: ReactNode;
}

/** The frame of a page inside the app shell: its heading, then its content. */
export function Page({ title, children }: PageProps) {
  return (
    <Stack component="section" gap="md">
      <Title order={1}>{title}</Title>
      {children}
    </Stack>
  );
}
