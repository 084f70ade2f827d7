import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ListPagerProps {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  /** Rows in the whole list, when known. */
  total?: number;
}

/** Under an admin list: how many rows there are, and links to its pages when there is more than one. */
export function ListPager({ page, pages, onChange, total }: ListPagerProps) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {total !== undefined && t('admin.list.total', { total })}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={onChange}
          size="sm"
          siblings={1}
          getControlProps={(control) => ({ 'aria-label': t(`admin.list.${control}`) })}
          getItemProps={(item) => ({ 'aria-label': t('admin.list.page', { page: item }) })}
        />
      )}
    </Group>
  );
}
