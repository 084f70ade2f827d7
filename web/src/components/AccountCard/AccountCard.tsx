import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface AccountCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The narrow, centred card of the sign-in and sign-up pages. */
export function AccountCard({ title, subtitle, children }: AccountCardProps) {
  return (
    <Stack component="section" w="100%" maw={440} mx="auto" mt={{ base: 'md', sm: 48 }} gap="lg">
      <Stack gap={4} ta="center">
        <Title order={1}>{title}</Title>
        {subtitle && (
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        )}
      </Stack>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
        {children}
      </Paper>
    </Stack>
  );
}

/** Shown in place of an account page while it is not yet known who is signed in. */
export function SessionLoader() {
  return (
    <Center py={96}>
      <Loader type="dots" />
    </Center>
  );
}
