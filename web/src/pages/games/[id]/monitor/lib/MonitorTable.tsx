import { Paper, Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** A column heading: its text, or only a name for screen readers when the cells say it with an icon. */
export type MonitorColumn = string | { ariaLabel: string };

/** A monitor list as a bordered table that scrolls sideways below `minWidth`; `children` are its rows. */
export function MonitorTable({
  columns,
  minWidth,
  testId,
  children,
}: {
  columns: MonitorColumn[];
  minWidth: number;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing="xs" highlightOnHover data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) =>
                typeof column === 'string' ? (
                  <Table.Th key={column}>{column}</Table.Th>
                ) : (
                  <Table.Th key={column.ariaLabel} aria-label={column.ariaLabel} />
                ),
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
