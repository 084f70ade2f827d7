import { Avatar, Group, Paper, Table, Text } from '@mantine/core';
import type { ChallengeInfo, ScoreAdjustment, ScoreboardItem, SubmissionType } from '@pennon/sdk';
import { IconCheck, IconDroplet, IconScale } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../i18n/formats.ts';
import { useNumberFormat } from '../../i18n/useNumberFormat.ts';
import { categoryStyle } from '../../pages/games/lib/categories.tsx';
import { hasTime } from '../../pages/games/lib/logic.ts';
import { BLOOD_KEYS, MEDAL_COLORS } from '../ChallengeCard/medals.ts';
import { plainLine } from '../Markdown/plainLine.ts';
import { TipLayer, tipProps } from '../TipLayer/index.ts';
import { initialsOf } from '../UserMenu/initials.ts';
import { adjustmentList, netPoints } from './adjustments.ts';
import classes from './ScoreboardTable.module.css';

const BLOOD_INDEX: Partial<Record<SubmissionType, number>> = { FirstBlood: 0, SecondBlood: 1, ThirdBlood: 2 };

export interface ScoreboardTableProps {
  /** The teams to show, in ranked order. */
  items: ScoreboardItem[];
  /** One column each, unless `columns` is `compact`. */
  challenges: ChallengeInfo[];
  /** The division shown: 0 ranks overall, another its own ranking. */
  divisionId: number;
  /**
   * The challenge columns: `full` shows them, scrolling sideways when they do not fit; `compact` leaves rank,
   * team, score and solve count only; `fold` shows them while the table's box is wide enough (40rem).
   */
  columns?: ScoreboardColumns;
  /** Teams that just solved something; their rows glow for a moment. */
  highlighted?: ReadonlySet<number>;
  /** Wraps a team's name in a link to its page (a route in the web client, the platform's page in a widget). */
  teamLink?: TeamLink;
  /** How a cell names what it holds on hover: one shared Mantine tooltip, or the browser's own (`title`). */
  tips?: 'tooltip' | 'title';
}

export type ScoreboardColumns = 'full' | 'compact' | 'fold';
export type TeamLink = (teamId: number, name: ReactNode) => ReactNode;

/** A rank's medal colour: the top three, once they have scored at all. */
export const medalColor = (rank: number, score: number): string | undefined =>
  score > 0 && rank > 0 && rank <= 3 ? MEDAL_COLORS[rank - 1] : undefined;

const titleProps = (text: string) => ({ title: text });

/**
 * Ranked teams with their scores and, per challenge, a check or the medal of a blood. Memoised: the page around
 * it re-renders on every clock tick, and a table of a few hundred cells should not follow.
 */
export const ScoreboardTable = memo(function ScoreboardTable({
  items,
  challenges,
  divisionId,
  columns = 'full',
  highlighted,
  teamLink,
  tips = 'tooltip',
}: ScoreboardTableProps) {
  const { t, i18n } = useTranslation();
  const format = useNumberFormat();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const timeFormat = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' });
  const tip = tips === 'title' ? titleProps : tipProps;
  const shown = columns === 'compact' ? [] : challenges;
  const foldable = columns === 'fold' ? classes.foldable : undefined;
  /** A team's awards and penalties: a mark before its score, red when they take points away, reasons on hover. */
  const adjustmentMark = (adjustments: ScoreAdjustment[]) => {
    const text = t('game.scoreboard.adjustments', { list: adjustmentList(t, format, adjustments) });
    const color = `var(--mantine-color-${netPoints(adjustments) < 0 ? 'red' : 'teal'}-filled)`;
    return (
      <span
        className={classes.adjustments}
        role="img"
        aria-label={text}
        data-testid="adjustments"
        {...tip(text)}
      >
        <IconScale size={16} color={color} />
      </span>
    );
  };
  const rankOf = (item: ScoreboardItem) => (divisionId === 0 ? item.rank : (item.divisionRank ?? 0));
  const table = (
    <Paper withBorder radius="md" className={`${classes.frame} ${columns === 'fold' ? classes.fold : ''}`}>
      <Table.ScrollContainer minWidth={0}>
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
              {shown.map((challenge) => (
                <Table.Th key={challenge.id} className={`${classes.challenge} ${foldable ?? ''}`}>
                  <Text
                    size="xs"
                    c={categoryStyle(challenge.category).color}
                    lineClamp={1}
                    className={classes.challengeTitle}
                    {...tip(`${challenge.title} · ${challenge.category} · ${format(challenge.score)}`)}
                  >
                    {challenge.title}
                  </Text>
                </Table.Th>
              ))}
              {columns !== 'compact' && (
                <Table.Th className={foldable}>{t('game.scoreboard.last_solve')}</Table.Th>
              )}
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
                    <Text fw={700} c={medalColor(rank, item.score)}>
                      {rank > 0 ? format(rank) : '–'}
                    </Text>
                  </Table.Td>
                  <Table.Td className={classes.stickyTeam}>
                    <Group gap="xs" wrap="nowrap">
                      <Avatar src={item.avatar} size={28} radius="xl" alt="" className={classes.avatar}>
                        {initialsOf(item.name)}
                      </Avatar>
                      {/* The whole name (and bio) on hover: a long one is cut short with an ellipsis. */}
                      <Text
                        size="sm"
                        fw={500}
                        truncate="end"
                        className={classes.name}
                        data-testid="team-name"
                        {...tip(item.bio ? `${item.name} · ${plainLine(item.bio)}` : item.name)}
                      >
                        {teamLink ? teamLink(item.id, item.name) : item.name}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace" fw={700} style={{ whiteSpace: 'nowrap' }}>
                    {item.adjustments?.length ? adjustmentMark(item.adjustments) : null}
                    {format(item.score)}
                  </Table.Td>
                  <Table.Td ta="right">{format(item.solvedCount)}</Table.Td>
                  {shown.map((challenge) => {
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
                      <Table.Td key={challenge.id} ta="center" className={foldable}>
                        {solve ? (
                          <span
                            className={classes.mark}
                            {...tip(
                              `${challenge.title}: +${format(solve.score)}${solve.userName ? ` · ${solve.userName}` : ''} · ${timeFormat.format(solve.time)}`,
                            )}
                          >
                            {mark}
                          </span>
                        ) : null}
                      </Table.Td>
                    );
                  })}
                  {columns !== 'compact' && (
                    <Table.Td className={foldable}>
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
  return tips === 'tooltip' ? <TipLayer>{table}</TipLayer> : table;
});
