import { ActionIcon, Avatar, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { initialsOf } from '../../../components/UserMenu/initials.ts';

export interface NameCellProps {
  name: string;
  avatar?: string | null | undefined;
  /** Next to the name: a state such as "you" or "locked". */
  badge?: ReactNode;
  /** The dimmed line under the name. */
  children?: ReactNode;
}

/** The first cell of a user or team row: avatar, name (with a badge) and a line about it. */
export function NameCell({ name, avatar, badge, children }: NameCellProps) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={avatar} alt="" radius="xl" size="sm" color="initials" name={name}>
        {initialsOf(name)}
      </Avatar>
      <Stack gap={0} miw={0}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} truncate>
            {name}
          </Text>
          {badge}
        </Group>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {children}
        </Text>
      </Stack>
    </Group>
  );
}

export interface RowActionProps {
  icon: Icon;
  /** The tooltip: what the action does. */
  tip: string;
  /** The accessible name: the action and what it acts on. */
  label: string;
  onClick: () => void;
  color?: string;
  disabled?: boolean;
}

/** An icon button of a list row, with a tooltip saying what it does. */
export function RowAction({ icon: ActionIconGlyph, tip, label, onClick, color, disabled }: RowActionProps) {
  return (
    <Tooltip label={tip}>
      <ActionIcon variant="subtle" color={color} onClick={onClick} disabled={disabled} aria-label={label}>
        <ActionIconGlyph size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The last cell of a list row: its actions, at the end. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Table.Td>
      <Group gap={4} wrap="nowrap" justify="flex-end">
        {children}
      </Group>
    </Table.Td>
  );
}
