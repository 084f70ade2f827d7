import { Avatar, Group, Paper, Table, Text, Tooltip } from '@mantine/core';
import type { ChallengeInfo, ScoreboardItem, SubmissionType } from '@pennon/sdk';
import { IconCheck, IconDroplet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { categoryStyle } from '../../pages/games/lib/categories.tsx';
import { hasTime } from '../../pages/games/lib/logic.ts';
import { BLOOD_KEYS, MEDAL_COLORS } from '../ChallengeCard/medals.ts';
import { initialsOf } from '../UserMenu/initials.ts';
import classes from './ScoreboardTable.module.css';

const BLOOD_INDEX: Partial<Record<SubmissionType, number>> = { FirstBlood: 0, SecondBlood: 1, ThirdBlood: 2 };

export interface ScoreboardTableProps {
  /** The teams to show, in ranked order. */
  items: ScoreboardItem[];
  /** One column each, unless `compact`. */
  challenges: ChallengeInfo[];
  /** The division shown: 0 ranks overall, another its own ranking. */
  divisionId: number;
  /** Rank, team, score and solve count only. */
  compact?: boolean;
  /** Teams that just solved something; their rows glow for a moment. */
  highlighted?: ReadonlySet<number>;
}

/** Ranked teams with their scores and, per challenge, a check or the medal of a blood. */
export function ScoreboardTable({
  items,
  challenges,
  divisionId,
  compact,
  highlighted,
}: ScoreboardTableProps) {
  const { t, i18n } = useTranslation();
  const timeFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
    dateStyle: 'short',
    timeStyle: 'medium',
  });
  const columns = compact ? [] : challenges;
  const rankOf = (item: ScoreboardItem) => (divisionId === 0 ? item.rank : (item.divisionRank ?? 0));
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={compact ? 0 : 520}>
        <Table
          striped
          highlightOnHover
          verticalSpacing="xs"
          className={classes.table}
          data-testid="scoreboard"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th className={classes.sticky}>{t('game.scoreboard.rank')}</Table.Th>
              <Table.Th className={classes.stickyTeam}>{t('game.scoreboard.team')}</Table.Th>
              <Table.Th ta="right">{t('game.scoreboard.score')}</Table.Th>
              <Table.Th ta="right">{t('game.scoreboard.solved')}</Table.Th>
              {columns.map((challenge) => (
                <Table.Th key={challenge.id} className={classes.challenge}>
                  <Tooltip
                    label={`${challenge.title} · ${challenge.category} · ${challenge.score}`}
                    withArrow
                  >
                    <Text
                      size="xs"
                      c={categoryStyle(challenge.category).color}
                      lineClamp={1}
                      className={classes.challengeTitle}
                    >
                      {challenge.title}
                    </Text>
                  </Tooltip>
                </Table.Th>
              ))}
              {!compact && <Table.Th>{t('game.scoreboard.last_solve')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => {
              const solves = new Map(item.solvedChallenges.map((solve) => [solve.id, solve]));
              const rank = rankOf(item);
              return (
                <Table.Tr
                  key={item.id}
                  data-fresh={highlighted?.has(item.id) || undefined}
                  data-team={item.id}
                >
                  <Table.Td className={classes.sticky}>
                    <Text fw={700} c={rank > 0 && rank <= 3 ? MEDAL_COLORS[rank - 1] : undefined}>
                      {rank > 0 ? rank : '–'}
                    </Text>
                  </Table.Td>
                  <Table.Td className={classes.stickyTeam}>
                    <Group gap="xs" wrap="nowrap">
                      <Avatar src={item.avatar} size={28} radius="xl" alt="">
                        {initialsOf(item.name)}
                      </Avatar>
                      <Tooltip label={item.bio} disabled={!item.bio} withArrow>
                        <Text size="sm" fw={500} lineClamp={1} className={classes.team}>
                          {item.name}
                        </Text>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace" fw={700}>
                    {item.score}
                  </Table.Td>
                  <Table.Td ta="right">{item.solvedCount}</Table.Td>
                  {columns.map((challenge) => {
                    const solve = solves.get(challenge.id);
                    const blood = solve ? BLOOD_INDEX[solve.type] : undefined;
                    let mark: React.ReactNode = null;
                    if (solve && blood !== undefined) {
                      mark = (
                        <IconDroplet
                          size={18}
                          color={MEDAL_COLORS[blood]}
                          fill={MEDAL_COLORS[blood]}
                          aria-label={t(`game.blood.${BLOOD_KEYS[blood]}`)}
                        />
                      );
                    } else if (solve) {
                      mark = (
                        <IconCheck
                          size={18}
                          color="var(--mantine-color-teal-filled)"
                          aria-label={t('game.challenge.solved')}
                        />
                      );
                    }
                    return (
                      <Table.Td key={challenge.id} ta="center">
                        {solve ? (
                          <Tooltip
                            label={`${challenge.title}: +${solve.score}${solve.userName ? ` · ${solve.userName}` : ''} · ${timeFormat.format(solve.time)}`}
                            withArrow
                          >
                            <span className={classes.mark}>{mark}</span>
                          </Tooltip>
                        ) : null}
                      </Table.Td>
                    );
                  })}
                  {!compact && (
                    <Table.Td>
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {hasTime(item.lastSubmissionTime) ? timeFormat.format(item.lastSubmissionTime) : '–'}
                      </Text>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
