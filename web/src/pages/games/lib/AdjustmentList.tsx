import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ScoreAdjustment } from '@pennon/sdk';
import { useTranslation } from 'react-i18next';
import { adjustmentReason, signedPoints } from '../../../components/ScoreboardTable/adjustments.ts';
import { dateTimeFormat } from '../../../i18n/formats.ts';
import { useNumberFormat } from '../../../i18n/useNumberFormat.ts';

/** A team's awards and penalties, oldest first: the points each moved its score by, why, and when. */
export function AdjustmentList({ adjustments }: { adjustments: readonly ScoreAdjustment[] }) {
  const { t, i18n } = useTranslation();
  const format = useNumberFormat();
  const time = dateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
    dateStyle: 'short',
    timeStyle: 'short',
  });
  return (
    <Stack gap="xs" data-testid="team-adjustments">
      {adjustments.map((a) => (
        <Paper key={a.id} withBorder radius="md" p="sm" data-testid="team-adjustment">
          <Group gap="sm" wrap="nowrap" align="baseline">
            <Text fw={700} ff="monospace" c={a.points < 0 ? 'red' : 'teal'} style={{ whiteSpace: 'nowrap' }}>
              {signedPoints(format, a.points)}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere', flex: 1 }}>
              {adjustmentReason(t, a)}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {time.format(a.time)}
            </Text>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
