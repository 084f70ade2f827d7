import { Checkbox, Fieldset, SimpleGrid } from '@mantine/core';
import { GamePermission, hasPermission } from '@pennon/sdk';
import { useTranslation } from 'react-i18next';
import { PERMISSION_FLAGS, setPermission } from './permissions.ts';

/** One checkbox per division permission flag, editing a GamePermission number. */
export function PermissionChecks({
  legend,
  value,
  onChange,
}: {
  legend: string;
  value: number;
  onChange: (value: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={legend} variant="unstyled">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
        {PERMISSION_FLAGS.map((flag) => (
          <Checkbox
            key={flag}
            label={t(`admin.game.permission.${flag}`)}
            description={t(`admin.game.permission.${flag}_hint`)}
            checked={hasPermission(value, GamePermission[flag])}
            onChange={(event) => onChange(setPermission(value, flag, event.currentTarget.checked))}
          />
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}
