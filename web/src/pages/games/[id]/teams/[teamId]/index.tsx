import {
  Anchor,
  Avatar,
  Badge,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { isPennonError } from '@pennon/sdk';
import { IconCrown, IconDroplet, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageName } from '../../../../../app/pageTitle.tsx';
import { BLOOD_KEYS, MEDAL_COLORS } from '../../../../../components/ChallengeCard/index.ts';

import { LoadError } from '../../../../../components/LoadError/index.ts';
import { Markdown, plainLine } from '../../../../../components/Markdown/index.tsx';
import { StatePanel } from '../../../../../components/StatePanel/index.ts';
import { initialsOf } from '../../../../../components/UserMenu/initials.ts';
import { useNumberFormat } from '../../../../../i18n/useNumberFormat.ts';
import { AdjustmentList } from '../../../lib/AdjustmentList.tsx';
import { SolveTimeline } from '../../../lib/SolveTimeline.tsx';
import { BackToScoreboard, parseTeamId, useTeam } from '../../../lib/teamParts.tsx';
import { bloodIndex, playerPath, solvesInOrder } from '../../../lib/teams.ts';
import { useScoreboard } from '../../../lib/useScoreboard.ts';
import { parseGameId, useGame } from '../../useGame.ts';

/** A figure with its label under it (rank, score, solves). */
function Figure({ value, label }: { value: React.ReactNode; label: string }) {
  return (
    <Stack gap={0} align="center">
      <Text fw={700} size="xl" ff="monospace">
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** /games/{id}/teams/{teamId}: a team in a game: members, score and rank, bloods, its solves in time order. */
export default function TeamPage() {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const params = useParams();
  const gameId = parseGameId(params.id);
  const teamId = parseTeamId(params.teamId);
  const { game } = useGame(gameId);
  const board = useScoreboard(gameId);
  const team = useTeam(teamId, gameId);
  const item = board.data?.items.find((entry) => entry.id === teamId);
  const solves = solvesInOrder(item?.solvedChallenges ?? [], board.data);
  const bloods = solves.filter(({ solve }) => bloodIndex(solve.type) >= 0);
  const name = item?.name ?? team.data?.name ?? '';
  const members = [...(team.data?.members ?? [])].sort((a, b) => Number(b.captain) - Number(a.captain));
  usePageName(name || undefined);

  const back = <BackToScoreboard gameId={gameId} title={game?.title} />;
  if (team.error && !item) {
    const missing = isPennonError(team.error) && (team.error.status === 404 || team.error.status === 400);
    return (
      <Stack component="section" gap="md">
        {back}
        {missing || Number.isNaN(teamId) ? (
          <StatePanel
            icon={IconUsersGroup}
            color="gray"
            order={1}
            title={t('game.team_page.not_found')}
            message={t('game.team_page.not_found_message')}
          />
        ) : (
          <LoadError error={team.error} retry={() => team.mutate()} title="game.team_page.load_failed" />
        )}
      </Stack>
    );
  }

  return (
    <Stack component="section" gap="md" data-testid="team-page">
      {back}
      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" gap="lg" align="flex-start">
          <Group gap="md" wrap="nowrap" miw={0} style={{ flex: '1 1 260px' }} align="flex-start">
            <Avatar
              src={item?.avatar ?? team.data?.avatar}
              alt=""
              size={72}
              radius="md"
              color="initials"
              name={name}
            >
              {initialsOf(name)}
            </Avatar>
            <Stack gap={6} miw={0}>
              {name ? (
                <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Title>
              ) : (
                <Skeleton height={32} width={200} />
              )}
              {(item?.bio ?? team.data?.bio) ? (
                <Markdown
                  source={item?.bio ?? team.data?.bio ?? ''}
                  fz="sm"
                  c="dimmed"
                  data-testid="team-bio"
                />
              ) : null}
            </Stack>
          </Group>
          {item && (
            <Group gap="xl" data-testid="team-figures">
              <Figure
                value={item.rank > 0 ? `#${format(item.rank)}` : '–'}
                label={item.rank > 0 ? t('game.scoreboard.rank') : t('game.rank.unranked')}
              />
              {item.divisionRank ? (
                <Figure value={`#${item.divisionRank}`} label={t('game.team_page.division_rank')} />
              ) : null}
              <Figure value={format(item.score)} label={t('game.rank.score')} />
              <Figure value={format(item.solvedCount)} label={t('game.rank.solved')} />
            </Group>
          )}
        </Group>
      </Paper>
      {board.data && !item && (
        <StatePanel
          icon={IconUsersGroup}
          color="gray"
          title={t('game.team_page.not_on_board')}
          message={t('game.team_page.not_on_board_message')}
        />
      )}

      <Stack gap="xs" component="section" aria-labelledby="team-members">
        <Title order={2} size="h4" id="team-members">
          {t('game.team_page.members')}
        </Title>
        {!team.data ? (
          <Skeleton height={60} radius="md" />
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            {members.map((member) => (
              <Paper key={member.id} withBorder radius="md" p="sm" data-testid="team-member">
                <Group gap="sm" wrap="nowrap">
                  <Avatar
                    src={member.avatar}
                    alt=""
                    radius="xl"
                    color="initials"
                    name={member.userName ?? ''}
                  >
                    {initialsOf(member.userName ?? '')}
                  </Avatar>
                  <Stack gap={2} miw={0}>
                    <Group gap={6} wrap="nowrap" miw={0}>
                      <Anchor
                        component={Link}
                        to={playerPath(gameId, teamId, member.id ?? '')}
                        fw={600}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {member.userName}
                      </Anchor>
                      {member.captain && (
                        <Badge size="xs" variant="light" color="yellow" leftSection={<IconCrown size={10} />}>
                          {t('team.badge.captain')}
                        </Badge>
                      )}
                    </Group>
                    {/* One line in a card: the whole bio, as Markdown, is on the member's page. */}
                    {member.bio && (
                      <Text
                        size="xs"
                        c="dimmed"
                        truncate="end"
                        title={plainLine(member.bio)}
                        data-testid="member-bio"
                      >
                        {plainLine(member.bio)}
                      </Text>
                    )}
                  </Stack>
                </Group>
              </Paper>
            ))}
          </SimpleGrid>
        )}
      </Stack>

      {item?.adjustments?.length ? (
        <Stack gap="xs" component="section" aria-labelledby="team-adjustments">
          <Title order={2} size="h4" id="team-adjustments">
            {t('game.team_page.adjustments')}
          </Title>
          <AdjustmentList adjustments={item.adjustments} />
        </Stack>
      ) : null}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="xs" component="section" aria-labelledby="team-solves">
          <Title order={2} size="h4" id="team-solves">
            {t('game.team_page.timeline')}
          </Title>
          {board.error && !board.data ? (
            <LoadError error={board.error} retry={board.retry} title="game.scoreboard.load_failed" />
          ) : !board.data ? (
            <Skeleton height={120} radius="md" />
          ) : (
            <SolveTimeline solves={solves} />
          )}
        </Stack>
        <Stack gap="xs" component="section" aria-labelledby="team-bloods">
          <Title order={2} size="h4" id="team-bloods">
            {t('game.team_page.bloods')}
          </Title>
          {bloods.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('game.team_page.no_bloods')}
            </Text>
          ) : (
            <Stack gap="xs" data-testid="team-bloods">
              {bloods.map(({ solve, challenge }) => {
                const index = bloodIndex(solve.type);
                return (
                  <Group key={solve.id} gap="sm" wrap="nowrap" data-testid="team-blood">
                    <ThemeIcon radius="xl" style={{ background: MEDAL_COLORS[index] }} aria-hidden>
                      <IconDroplet size={16} />
                    </ThemeIcon>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {t('game.team_page.blood_on', {
                        blood: t(`game.blood.${BLOOD_KEYS[index]}`),
                        challenge: challenge?.title ?? t('game.team_page.unknown_challenge'),
                      })}
                    </Text>
                  </Group>
                );
              })}
            </Stack>
          )}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
