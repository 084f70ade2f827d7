import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import {
  Avatar,
  Button,
  Center,
  Group,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { errorMessage, roleRank, type ScoreboardItem, type SubmissionType } from '@pennon/sdk';
import { IconCheck, IconDownload, IconDroplet, IconTrophy } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import useSWR from 'swr';
import { client } from '../../../../api/client.ts';
import { useUser } from '../../../../api/useUser.ts';
import { LoadError } from '../../../../components/LoadError/index.ts';
import { initialsOf } from '../../../../components/UserMenu/initials.ts';
import { categoryStyle } from '../../lib/categories.tsx';
import { StatePanel } from '../../lib/GameState.tsx';
import { GameHeader } from '../../lib/GameTabs.tsx';
import {
  bloodBonusFields,
  bloodBonusLabel,
  flattenChallenges,
  gamePhase,
  hasTime,
  pageOf,
} from '../../lib/logic.ts';
import { useNow } from '../../lib/useNow.ts';
import { BLOOD_KEYS, MEDAL_COLORS } from '../Challenges/ChallengeCard.tsx';
import { parseGameId, useGame } from '../useGame.ts';
import classes from './Scoreboard.module.css';
import { seriesKey, timelineRows } from './timeline.ts';

/** Scoreboard refresh while the game runs, and teams a page (gzctf-api §5). */
const REFRESH = 30_000;
const PAGE_SIZE = 30;
const PAGE_SIZE_MOBILE = 10;
const SERIES_COLORS = ['blue', 'red', 'teal', 'orange', 'grape', 'lime', 'cyan', 'pink', 'yellow', 'indigo'];

const BLOOD_INDEX: Partial<Record<SubmissionType, number>> = { FirstBlood: 0, SecondBlood: 1, ThirdBlood: 2 };

/** /games/{id}/Scoreboard: ranking, score timeline of the top ten, per-challenge solves. */
export default function ScoreboardPage() {
  const { t, i18n } = useTranslation();
  const gameId = parseGameId(useParams().id);
  const { game } = useGame(gameId);
  const { user } = useUser();
  const now = useNow(10_000);
  const mobile = useMediaQuery('(max-width: 48em)');
  const ongoing = game ? gamePhase(game.start, game.end, now) === 'ongoing' : false;
  const { data, error, mutate } = useSWR(
    Number.isNaN(gameId) ? null : ['/api/game', gameId, 'scoreboard'],
    () => client.game.scoreboard(gameId),
    { refreshInterval: ongoing ? REFRESH : 0, revalidateOnFocus: false },
  );
  const [division, setDivision] = useState<string>('0');
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const size = mobile ? PAGE_SIZE_MOBILE : PAGE_SIZE;
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const timeFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' });

  const divisionId = Number(division);
  const items = useMemo(
    () => (data?.items ?? []).filter((item) => (divisionId === 0 ? true : item.divisionId === divisionId)),
    [data, divisionId],
  );
  const challenges = useMemo(() => flattenChallenges(data?.challenges), [data]);
  const timeline = data?.timelines.find((line) => line.divisionId === divisionId)?.teams ?? [];
  const rows = game && timeline.length > 0 ? timelineRows(timeline, game.start, game.end) : [];
  const pages = Math.max(1, Math.ceil(items.length / size));
  const shown = pageOf(items, Math.min(page, pages), size);
  const canExport = user !== null && roleRank(user.role) >= roleRank('Monitor');
  const bonus = data ? bloodBonusFields(data.bloodBonus) : [0, 0, 0];

  const exportSheet = async () => {
    setExporting(true);
    const id = notifications.show({
      color: 'orange',
      loading: true,
      message: t('common.download.started'),
      autoClose: false,
    });
    try {
      const { data: blob, fileName } = await client.game.scoreboardSheet(gameId);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName || `scoreboard-${gameId}.xlsx`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      notifications.update({
        id,
        color: 'teal',
        loading: false,
        message: t('common.download.success'),
        autoClose: 4000,
      });
    } catch (err) {
      notifications.update({
        id,
        color: 'red',
        loading: false,
        title: t('common.download.failed'),
        message: errorMessage(err, t),
        autoClose: 4000,
      });
    } finally {
      setExporting(false);
    }
  };

  const rankOf = (item: ScoreboardItem) => (divisionId === 0 ? item.rank : (item.divisionRank ?? 0));

  return (
    <Stack component="section" gap="md">
      <GameHeader
        gameId={gameId}
        title={game?.title}
        fallbackTitle={t('page.games.scoreboard')}
        start={game?.start}
        end={game?.end}
        active="scoreboard"
        playing={game?.status === 'Accepted'}
        actions={
          canExport && (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              loading={exporting}
              onClick={() => void exportSheet()}
            >
              {t('game.scoreboard.export')}
            </Button>
          )
        }
      />
      {!data && error ? (
        <LoadError error={error} retry={() => mutate()} title="game.scoreboard.load_failed" />
      ) : !data ? (
        <Stack gap="md" aria-busy>
          <Skeleton height={260} radius="md" />
          <Skeleton height={320} radius="md" />
        </Stack>
      ) : (
        <>
          <Group justify="space-between" gap="sm">
            {data.divisions.length > 0 ? (
              <Select
                label={t('game.scoreboard.division')}
                data={[
                  { value: '0', label: t('game.scoreboard.all_divisions') },
                  ...data.divisions.map((item) => ({ value: String(item.id), label: item.name })),
                ]}
                value={division}
                onChange={(value) => {
                  setDivision(value ?? '0');
                  setPage(1);
                }}
                allowDeselect={false}
                w={{ base: '100%', xs: 240 }}
              />
            ) : (
              <span />
            )}
            <Group gap="xs">
              {bonus.map((field, index) => {
                const label = bloodBonusLabel(field);
                return (
                  label && (
                    <Tooltip key={BLOOD_KEYS[index]} label={t('game.scoreboard.bonus_hint')} withArrow>
                      <Group gap={2} wrap="nowrap">
                        <IconDroplet
                          size={16}
                          color={MEDAL_COLORS[index]}
                          fill={MEDAL_COLORS[index]}
                          aria-hidden
                        />
                        <Text size="sm">
                          {t(`game.blood.${BLOOD_KEYS[index]}`)} {label}
                        </Text>
                      </Group>
                    </Tooltip>
                  )
                );
              })}
            </Group>
          </Group>
          {rows.length > 1 && (
            <Paper withBorder radius="md" p="md">
              <Title order={2} size="h5" mb="sm">
                {t('game.scoreboard.timeline')}
              </Title>
              <LineChart
                h={260}
                data={rows}
                dataKey="time"
                series={timeline.map((team, index) => ({
                  name: seriesKey(team, timeline),
                  color: `${SERIES_COLORS[index % SERIES_COLORS.length]}.6`,
                }))}
                curveType="stepAfter"
                withDots={false}
                withLegend
                legendProps={{ verticalAlign: 'bottom' }}
                xAxisProps={{
                  type: 'number',
                  scale: 'time',
                  domain: ['dataMin', 'dataMax'],
                  tickFormatter: (value: number) =>
                    new Intl.DateTimeFormat(locale, {
                      month: 'numeric',
                      day: 'numeric',
                      hour: '2-digit',
                      minute: '2-digit',
                    }).format(value),
                }}
                tooltipProps={{
                  labelFormatter: (value: unknown) =>
                    typeof value === 'number' ? timeFormat.format(value) : String(value),
                }}
              />
            </Paper>
          )}
          {items.length === 0 ? (
            <StatePanel
              icon={IconTrophy}
              color="gray"
              title={t('game.scoreboard.empty.title')}
              message={t('game.scoreboard.empty.message')}
            />
          ) : (
            <Paper withBorder radius="md">
              <Table.ScrollContainer minWidth={520}>
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
                      {challenges.map((challenge) => {
                        const style = categoryStyle(challenge.category);
                        return (
                          <Table.Th key={challenge.id} className={classes.challenge}>
                            <Tooltip
                              label={`${challenge.title} · ${challenge.category} · ${challenge.score}`}
                              withArrow
                            >
                              <Text
                                size="xs"
                                c={style.color}
                                lineClamp={1}
                                className={classes.challengeTitle}
                              >
                                {challenge.title}
                              </Text>
                            </Tooltip>
                          </Table.Th>
                        );
                      })}
                      <Table.Th>{t('game.scoreboard.last_solve')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.map((item) => {
                      const solves = new Map(item.solvedChallenges.map((solve) => [solve.id, solve]));
                      const rank = rankOf(item);
                      return (
                        <Table.Tr key={item.id}>
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
                          {challenges.map((challenge) => {
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
                          <Table.Td>
                            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                              {hasTime(item.lastSubmissionTime)
                                ? timeFormat.format(item.lastSubmissionTime)
                                : '–'}
                            </Text>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          )}
          {pages > 1 && (
            <Center>
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={setPage}
                size={mobile ? 'sm' : 'md'}
                getControlProps={(control) => ({ 'aria-label': t(`game.paging.${control}`) })}
                getItemProps={(item) => ({ 'aria-label': t('game.paging.page', { page: item }) })}
              />
            </Center>
          )}
          <Text size="xs" c="dimmed" ta="right">
            {t('game.scoreboard.updated', { time: timeFormat.format(data.updateTimeUtc) })}
          </Text>
        </>
      )}
    </Stack>
  );
}
