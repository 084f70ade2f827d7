import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { ChallengeScoring } from '@pennon/sdk';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { curveLength, isValidScoring, minScore, scoreCurve } from './scoreCurve.ts';

/** The score a solve is worth against the number of solves, with the floor and the current count marked. */
export function ScoreCurveChart({ scoring, solved }: { scoring: ChallengeScoring; solved: number }) {
  const { t } = useTranslation();
  const { originalScore, minScoreRate, difficulty } = scoring;
  const curve = useMemo(
    () => scoreCurve({ originalScore, minScoreRate, difficulty }, curveLength(difficulty, solved)),
    [originalScore, minScoreRate, difficulty, solved],
  );
  if (!isValidScoring(scoring)) {
    return (
      <Text size="sm" c="red" role="status">
        {t('admin.challenge.scoring.invalid')}
      </Text>
    );
  }
  const floor = minScore(scoring);
  const current = curve[Math.max(solved, 1) - 1]?.score ?? originalScore;
  return (
    <figure style={{ margin: 0 }}>
      <LineChart
        h={220}
        data={curve}
        dataKey="solves"
        series={[{ name: 'score', label: t('admin.challenge.scoring.score'), color: 'blue.6' }]}
        withDots={false}
        curveType="linear"
        yAxisProps={{ domain: [0, 'auto'] }}
        xAxisLabel={t('admin.challenge.scoring.solves')}
        referenceLines={[
          { y: floor, label: t('admin.challenge.scoring.floor', { score: floor }), color: 'red.6' },
          ...(solved > 0
            ? [{ x: solved, label: t('admin.challenge.scoring.now', { solves: solved }), color: 'teal.6' }]
            : []),
        ]}
        aria-hidden
      />
      <Text component="figcaption" size="sm" c="dimmed" data-testid="score-curve-caption">
        {t('admin.challenge.scoring.caption', {
          first: originalScore,
          five: curve[4]?.score ?? originalScore,
          floor,
          count: solved,
          current,
        })}
      </Text>
    </figure>
  );
}
