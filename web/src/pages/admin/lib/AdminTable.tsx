import { Skeleton, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface AdminTableProps {
  /** The translated column headings. */
  columns: string[];
  /** Rows not there yet: placeholder rows instead. */
  loading: boolean;
  /** Shown in place of the rows when the list is empty; null when it is not. */
  empty: string | null;
  children: ReactNode;
  /** Below this width the table scrolls sideways (small screens). */
  minWidth?: number;
}

/** The table of an admin list: headings, its rows (or placeholders, or why there are none). */
export function AdminTable({ columns, loading, empty, children, minWidth = 720 }: AdminTableProps) {
  const placeholder = (content: ReactNode, key?: number) => (
    <Table.Tr key={key}>
      <Table.Td colSpan={columns.length}>{content}</Table.Td>
    </Table.Tr>
  );
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="xs" highlightOnHover aria-busy={loading}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading
            ? [0, 1, 2].map((row) => placeholder(<Skeleton height={28} />, row))
            : empty
              ? placeholder(
                  <Text c="dimmed" ta="center" py="lg">
                    {empty}
                  </Text>,
                )
              : children}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
