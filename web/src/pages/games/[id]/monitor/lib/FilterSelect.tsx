import { Select, type SelectProps } from '@mantine/core';

/** A monitor list's filter: searchable and clearable (cleared = no filter), full width on phones. */
export function FilterSelect(props: SelectProps) {
  return <Select searchable clearable w={{ base: '100%', xs: 240 }} {...props} />;
}
