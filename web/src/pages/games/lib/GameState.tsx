// Full-width states shared by the game pages: not found, failed to load, ended, not joined.
import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function StatePanel(props: {
  icon: Icon;
  color?: string;
  title: string;
  message: string;
  children?: ReactNode;
  testId?: string;
}) {
  const { icon: StateIcon } = props;
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} data-testid={props.testId}>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color={props.color}>
          <StateIcon size={30} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {props.title}
        </Title>
        <Text c="dimmed" maw={520}>
          {props.message}
        </Text>
        {props.children}
      </Stack>
    </Paper>
  );
}
