import { Badge, NavLink, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PickItem {
  id: number;
  label: string;
  description?: string | null;
  icon: ReactNode;
  count: number;
  /** What the count means, for screen readers ("Capture files: 3"). */
  countLabel: string;
}

/** A column of choices (challenges, teams), the chosen one marked; a keyboard-usable list of buttons. */
export function PickList(props: {
  label: string;
  items: PickItem[];
  chosen: number | null;
  onChoose: (id: number) => void;
}) {
  return (
    <Stack gap={2} component="nav" aria-label={props.label}>
      {props.items.map((item) => (
        <NavLink
          key={item.id}
          component="button"
          active={item.id === props.chosen}
          aria-current={item.id === props.chosen || undefined}
          label={item.label}
          description={item.description ?? undefined}
          leftSection={item.icon}
          rightSection={
            <Badge size="sm" variant="light" aria-label={item.countLabel}>
              {item.count}
            </Badge>
          }
          onClick={() => props.onChoose(item.id)}
        />
      ))}
    </Stack>
  );
}
