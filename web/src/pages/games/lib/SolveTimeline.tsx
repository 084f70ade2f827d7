import { Badge, Group, Text, ThemeIcon, Timeline } from '@mantine/core';
import { IconDroplet, IconFlag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BLOOD_KEYS, MEDAL_COLORS } from '../../../components/ChallengeCard/index.ts';
import { dateTimeFormat } from '../../../i18n/formats.ts';
import { categoryStyle } from './categories.tsx';
import { bloodIndex, type TeamSolve } from './teams.ts';

/** Solves, earliest first: the challenge, its category, the points, who solved it and when; bloods stand out. */
export function SolveTimeline({ solves, showUser = true }: { solves: TeamSolve[]; showUser?: boolean }) {
  const { t, i18n } = useTranslation();
  const format = dateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  if (solves.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('game.team_page.no_solves')}
      </Text>
    );
  }
  return (
    <Timeline bulletSize={26} lineWidth={2} active={solves.length} data-testid="solve-timeline">
      {solves.map(({ solve, challenge }) => {
        const blood = bloodIndex(solve.type);
        const style = categoryStyle(challenge?.category ?? 'Misc');
        return (
          <Timeline.Item
            key={solve.id}
            data-testid="solve"
            bullet={
              <ThemeIcon
                size={26}
                radius="xl"
                color={blood >= 0 ? undefined : style.color}
                style={blood >= 0 ? { background: MEDAL_COLORS[blood] } : undefined}
              >
                {blood >= 0 ? <IconDroplet size={14} /> : <IconFlag size={14} />}
              </ThemeIcon>
            }
            title={
              <Group gap="xs" wrap="wrap">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {challenge?.title ?? t('game.team_page.unknown_challenge')}
                </Text>
                {challenge && (
                  <Badge size="xs" variant="light" color={style.color}>
                    {t(`game.category.${challenge.category}`, { defaultValue: challenge.category })}
                  </Badge>
                )}
                {blood >= 0 && (
                  <Badge
                    size="xs"
                    variant="filled"
                    style={{ background: MEDAL_COLORS[blood], color: '#222' }}
                  >
                    {t(`game.blood.${BLOOD_KEYS[blood]}`)}
                  </Badge>
                )}
              </Group>
            }
          >
            <Text size="sm" c="dimmed">
              {t('game.challenge.points', { count: solve.score })}
              {showUser && solve.userName ? ` · ${t('game.team_page.by', { user: solve.userName })}` : ''}
            </Text>
            <Text size="xs" c="dimmed" component="time" dateTime={new Date(solve.time).toISOString()}>
              {format.format(solve.time)}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
