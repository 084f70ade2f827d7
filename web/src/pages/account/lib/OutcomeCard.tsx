import { Alert, Stack } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { AccountCard } from '../../../components/AccountCard/index.ts';

export interface OutcomeCardProps {
  /** The page's title. */
  title: string;
  /** Red for a failure (announced as an alert), else a status. */
  color: 'red' | 'teal' | 'yellow';
  icon: Icon;
  heading?: string;
  message: ReactNode;
  /** The way on: a button or a link. */
  children: ReactNode;
}

/** How an account page's errand ended (sent, done, pending, failed), and where to go next. */
export function OutcomeCard({ title, color, icon: Glyph, heading, message, children }: OutcomeCardProps) {
  return (
    <AccountCard title={title}>
      <Stack gap="md">
        <Alert
          role={color === 'red' ? 'alert' : 'status'}
          color={color}
          variant="light"
          icon={<Glyph size={18} />}
          title={heading}
        >
          {message}
        </Alert>
        {children}
      </Stack>
    </AccountCard>
  );
}
