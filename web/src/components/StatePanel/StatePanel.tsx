import { Button, type MantineSpacing, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface StatePanelProps {
  icon: Icon;
  color?: string;
  title: string;
  message: string;
  /** The way on from here (back to a list, to another page), as a button under the message. */
  link?: { to: string; label: string; icon?: ReactNode };
  /** Other actions under the message. */
  children?: ReactNode;
  /** 1 where the panel stands in for the whole page (its heading is then the page's). */
  order?: 1 | 2;
  mt?: MantineSpacing;
  testId?: string;
}

/** A full-width state in place of content: nothing yet, not found, not allowed, not joined… */
export function StatePanel({
  icon: StateIcon,
  color,
  title,
  message,
  link,
  children,
  order = 2,
  mt,
  testId,
}: StatePanelProps) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'lg', sm: 'xl' }}
      component="section"
      mt={mt}
      data-testid={testId}
    >
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color={color}>
          <StateIcon size={30} />
        </ThemeIcon>
        <Title order={order} size={order === 1 ? 'h2' : 'h3'}>
          {title}
        </Title>
        <Text c="dimmed" maw={520}>
          {message}
        </Text>
        {link && (
          <Button component={Link} to={link.to} variant="light" leftSection={link.icon}>
            {link.label}
          </Button>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
