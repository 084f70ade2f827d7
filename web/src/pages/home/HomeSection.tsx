import { Anchor, Group, Stack, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface HomeSectionProps {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  /** The link to the whole list: where, and its text. */
  all: { to: string; label: string };
  children: ReactNode;
}

/** A column of the home page: its heading with a link to the whole list, then its content. */
export function HomeSection({ id, title, all, children }: HomeSectionProps) {
  return (
    <Stack component="section" gap="md" aria-labelledby={id}>
      <Group justify="space-between" align="baseline" gap="sm">
        <Title order={2} id={id}>
          {title}
        </Title>
        <Anchor component={Link} to={all.to} size="sm">
          <Group gap={4} component="span">
            {all.label}
            <IconArrowRight size={14} aria-hidden />
          </Group>
        </Anchor>
      </Group>
      {children}
    </Stack>
  );
}
