import { Alert, MultiSelect, Stack, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { prerequisiteCycle } from '@pennon/sdk';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../lib/DateTimeField.tsx';
import type { ChallengeFormValues } from './challengeForm.ts';
import { useAdminChallenges } from './useAdminChallenges.ts';

/**
 * Staged release of a challenge: the time it opens and the challenges a team must have solved first, picked from the
 * game's others. A choice that would close a cycle is named at once (the server refuses it too).
 */
export function ReleaseFields({
  gameId,
  challengeId,
  form,
}: {
  gameId: number;
  challengeId: number;
  form: UseFormReturnType<ChallengeFormValues>;
}) {
  const { t } = useTranslation();
  const { challenges } = useAdminChallenges(gameId);
  const { values } = form;
  const titles = useMemo(() => new Map((challenges ?? []).map((c) => [c.id, c.title])), [challenges]);
  const cycle = useMemo(() => {
    const graph = new Map((challenges ?? []).map((c) => [c.id, c.prerequisites ?? []]));
    return prerequisiteCycle(graph, challengeId, values.prerequisites.map(Number));
  }, [challenges, challengeId, values.prerequisites]);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('admin.challenge.release.hint')}
      </Text>
      <Switch
        label={t('admin.challenge.release.at_on')}
        {...form.getInputProps('hasRelease', { type: 'checkbox' })}
      />
      {values.hasRelease && (
        <DateTimeField
          label={t('admin.challenge.release.at')}
          value={values.releaseAt}
          onChange={(releaseAt) => form.setFieldValue('releaseAt', releaseAt)}
        />
      )}
      <MultiSelect
        label={t('admin.challenge.release.prerequisites')}
        description={t('admin.challenge.release.prerequisites_hint')}
        data={(challenges ?? [])
          .filter((c) => c.id !== challengeId)
          .map((c) => ({ value: String(c.id), label: c.title }))}
        searchable
        clearable
        {...form.getInputProps('prerequisites')}
      />
      {cycle && (
        <Alert color="red" role="alert">
          {t('admin.challenge.release.cycle', {
            path: cycle.map((id) => titles.get(id) ?? `#${id}`).join(' → '),
          })}
        </Alert>
      )}
    </Stack>
  );
}
