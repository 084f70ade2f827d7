import {
  Badge,
  Chip,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { ErrorCode, type GameNotice, isPennonError } from '@pennon/sdk';
import { IconFlagCheck, IconHourglassEmpty, IconLock, IconTrophy } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import useSWR from 'swr';
import { client } from '../../../../api/client.ts';
import { useFeed } from '../../../../api/useFeed.ts';
import { ChallengeCard } from '../../../../components/ChallengeCard/index.ts';
import { LoadError } from '../../../../components/LoadError/index.ts';
import { Markdown } from '../../../../components/Markdown/index.tsx';
import { useNoticeText } from '../../../../components/NoticeList/index.ts';
import { StatePanel } from '../../../../components/StatePanel/index.ts';
import { useNumberFormat } from '../../../../i18n/useNumberFormat.ts';
import { categoryStyle } from '../../lib/categories.tsx';
import { GameHeader } from '../../lib/GameTabs.tsx';
import { flattenChallenges, groupChallenges, solvedIds } from '../../lib/logic.ts';
import { useNow } from '../../lib/useNow.ts';
import { gameFeed } from '../../lib/useScoreboard.ts';
import { parseGameId, useGame } from '../useGame.ts';
import { ChallengeModal } from './ChallengeModal.tsx';
import { NoticesPanel } from './NoticesPanel.tsx';
import { showNoticeToast } from './noticeToast.tsx';
import { TeamNoticesPanel, useTeamNotices } from './TeamNotices.tsx';
import { WriteupCard } from './WriteupCard.tsx';

/**
 * /games/{id}/Challenges: the team's board by category, its rank and score, the notices. The game's live feed
 * (the user hub, polls as its safety net) brings the notices, and each change of the scoreboard (a solve by any
 * team, a new challenge) has the board read again: its scores and solve counts follow the scoreboard's.
 */
export default function ChallengesPage() {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const gameId = parseGameId(useParams().id);
  const { game } = useGame(gameId);
  const now = useNow(5000);
  const details = useSWR(
    Number.isNaN(gameId) ? null : ['/api/game', gameId, 'details'],
    () => client.game.details(gameId),
    { refreshInterval: 0, shouldRetryOnError: false, revalidateOnFocus: false },
  );
  // Held once the board loaded: the server let this team in.
  const feed = details.data !== undefined && !Number.isNaN(gameId) ? gameFeed(gameId) : undefined;
  const live = useFeed(feed, { notices: true });
  const theme = useMantineTheme();
  const noticeText = useNoticeText();
  const { mutate: mutateDetails } = details;
  useEffect(() => feed?.onScoreboard(() => void mutateDetails()), [feed, mutateDetails]);
  const onNotice = useCallback(
    (notice: GameNotice) =>
      showNoticeToast(
        notice,
        t(`game.notice.toast.${notice.type}`, { defaultValue: t('game.notice.title') }),
        notice.type === 'Normal' ? <Markdown source={notice.values[0] ?? ''} fz="sm" /> : noticeText(notice),
        theme.primaryColor,
      ),
    [noticeText, t, theme.primaryColor],
  );
  useEffect(() => feed?.onNotice(onNotice), [feed, onNotice]);
  const teamNotices = useTeamNotices(gameId, feed);
  const [category, setCategory] = useState<string>('all');
  const [openId, setOpenId] = useState<number | null>(null);

  const groups = useMemo(() => groupChallenges(details.data?.challenges), [details.data]);
  // The challenges of the first load: any other one opened while the page was open (a staged release) and is new.
  const [firstSeen, setFirstSeen] = useState<Set<number> | null>(null);
  useEffect(() => {
    if (details.data && !firstSeen)
      setFirstSeen(new Set(flattenChallenges(details.data.challenges).map((item) => item.id)));
  }, [details.data, firstSeen]);
  const solved = useMemo(() => solvedIds(details.data?.rank), [details.data]);
  const open = flattenChallenges(details.data?.challenges).find((item) => item.id === openId) ?? null;
  const total = groups.reduce((sum, group) => sum + group.challenges.length, 0);
  const rank = details.data?.rank;

  const header = (
    <GameHeader
      gameId={gameId}
      title={game?.title}
      fallbackTitle={t('page.games.challenges')}
      start={game?.start}
      end={game?.end}
      active="challenges"
      playing
    />
  );

  const error = details.error as unknown;
  if (!details.data && error) {
    let body: React.ReactNode;
    if (isPennonError(error) && error.code === ErrorCode.GameEnded) {
      body = (
        <StatePanel
          icon={IconHourglassEmpty}
          color="gray"
          title={t('game.ended.title')}
          message={t('game.ended.message')}
          testId="game-ended"
          link={{
            to: `/games/${gameId}/Scoreboard`,
            label: t('page.games.scoreboard'),
            icon: <IconTrophy size={16} />,
          }}
        />
      );
    } else if (isPennonError(error) && (error.status === 400 || error.status === 404)) {
      body = (
        <StatePanel
          icon={IconLock}
          color="orange"
          title={t('game.no_access.title')}
          message={error.title ?? t('game.no_access.message')}
          link={{ to: `/games/${gameId}`, label: t('game.no_access.back') }}
        />
      );
    } else {
      body = <LoadError error={error} retry={() => details.mutate()} title="game.details_failed" />;
    }
    return (
      <Stack component="section" gap="md">
        {header}
        {body}
        <TeamNoticesPanel notices={teamNotices} />
      </Stack>
    );
  }

  return (
    <Stack component="section" gap="md">
      {header}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 9 }}>
          <Stack gap="md">
            <Paper withBorder radius="md" p="md" data-testid="team-rank">
              {rank ? (
                <Group justify="space-between" gap="md">
                  <Group gap="sm" wrap="nowrap" miw={0}>
                    <ThemeIcon size={40} radius="xl" variant="light" color="yellow">
                      <IconTrophy size={22} />
                    </ThemeIcon>
                    <Stack gap={0} miw={0}>
                      <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                        {rank.name}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {rank.rank > 0 ? t('game.rank.place', { rank: rank.rank }) : t('game.rank.unranked')}
                        {rank.divisionRank
                          ? ` · ${t('game.rank.division_place', { rank: rank.divisionRank })}`
                          : ''}
                      </Text>
                    </Stack>
                  </Group>
                  <Group gap="xl">
                    <Stack gap={0} align="center">
                      <Text fw={700} size="xl" ff="monospace">
                        {format(rank.score)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('game.rank.score')}
                      </Text>
                    </Stack>
                    <Stack gap={0} align="center">
                      <Text fw={700} size="xl" ff="monospace">
                        {solved.size}/{details.data?.challengeCount ?? total}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('game.rank.solved')}
                      </Text>
                    </Stack>
                  </Group>
                </Group>
              ) : (
                <Skeleton height={40} />
              )}
            </Paper>
            {groups.length > 1 && (
              <Chip.Group multiple={false} value={category} onChange={(value) => setCategory(value)}>
                <Group gap="xs" role="radiogroup" aria-label={t('game.board.filter')}>
                  <Chip value="all" variant="light">
                    {t('game.board.all', { count: total })}
                  </Chip>
                  {groups.map((group) => (
                    <Chip
                      key={group.category}
                      value={group.category}
                      variant="light"
                      color={categoryStyle(group.category).color}
                    >
                      {t(`game.category.${group.category}`, { defaultValue: group.category })} (
                      {group.challenges.length})
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            )}
            {!details.data ? (
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} aria-busy>
                {[1, 2, 3].map((n) => (
                  <Skeleton key={n} height={110} radius="md" />
                ))}
              </SimpleGrid>
            ) : groups.length === 0 ? (
              <StatePanel
                icon={IconFlagCheck}
                color="gray"
                title={t('game.board.empty.title')}
                message={t('game.board.empty.message')}
              />
            ) : (
              groups
                .filter((group) => category === 'all' || group.category === category)
                .map((group) => {
                  const style = categoryStyle(group.category);
                  const CategoryIcon = style.icon;
                  const done = group.challenges.filter((item) => solved.has(item.id)).length;
                  return (
                    <Stack
                      key={group.category}
                      gap="xs"
                      component="section"
                      aria-labelledby={`category-${group.category}`}
                    >
                      <Group gap="xs">
                        <ThemeIcon variant="light" color={style.color} size="md" aria-hidden>
                          <CategoryIcon size={16} />
                        </ThemeIcon>
                        <Title order={2} size="h4" id={`category-${group.category}`}>
                          {t(`game.category.${group.category}`, { defaultValue: group.category })}
                        </Title>
                        <Badge variant="light" color={style.color}>
                          {done}/{group.challenges.length}
                        </Badge>
                      </Group>
                      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
                        {group.challenges.map((item) => (
                          <ChallengeCard
                            key={item.id}
                            challenge={item}
                            solved={solved.has(item.id)}
                            fresh={firstSeen !== null && !firstSeen.has(item.id)}
                            onOpen={() => setOpenId(item.id)}
                          />
                        ))}
                      </SimpleGrid>
                    </Stack>
                  );
                })
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <Stack gap="md">
            {details.data?.writeupRequired && (
              <WriteupCard gameId={gameId} deadline={details.data.writeupDeadline} now={now} />
            )}
            <TeamNoticesPanel notices={teamNotices} />
            <NoticesPanel notices={live.notices} />
          </Stack>
        </Grid.Col>
      </Grid>
      <ChallengeModal
        gameId={gameId}
        info={open}
        solved={open ? solved.has(open.id) : false}
        solve={rank?.solvedChallenges.find((item) => item.id === open?.id)}
        onClose={() => setOpenId(null)}
        onScoreChanged={() => {
          feed?.refresh();
          return details.mutate();
        }}
      />
    </Stack>
  );
}
