import { Select, type SelectProps } from '@mantine/core';
import { ChallengeCategoryValues } from '@pennon/sdk';
import { useTranslation } from 'react-i18next';

/** The challenge category, one of the platform's (named in the user's language). */
export function CategorySelect(props: Omit<SelectProps, 'data' | 'label'>) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('admin.challenge.field.category')}
      data={ChallengeCategoryValues.map((value) => ({
        value,
        label: t(`game.category.${value}`, { defaultValue: value }),
      }))}
      allowDeselect={false}
      {...props}
    />
  );
}
