import { Anchor, Avatar, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCrown, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { joinTitle, usePageName } from '../../../../../../../app/pageTitle.tsx';
import { LoadError } from '../../../../../../../components/LoadError/index.ts';
import { Markdown } from '../../../../../../../components/Markdown/index.tsx';
import { StatePanel } from '../../../../../../../components/StatePanel/index.ts';
import { initialsOf } from '../../../../../../../components/UserMenu/initials.ts';
import { SolveTimeline } from '../../../../../lib/SolveTimeline.tsx';
import { BackToScoreboard, parseTeamId, useTeam } from '../../../../../lib/teamParts.tsx';
import { solvesInOrder, teamPath } from '../../../../../lib/teams.ts';
import { useScoreboard } from '../../../../../lib/useScoreboard.ts';
import { parseGameId, useGame } from '../../../../useGame.ts';

/** /games/{id}/teams/{teamId}/players/{userId}: a member of a team: who they are and what they solved for it. */
export default function PlayerPage() {
  const { t } = useTranslation();
  const params = useParams();
  const gameId = parseGameId(params.id);
  const teamId = parseTeamId(params.teamId);
  const { game } = useGame(gameId);
  const board = useScoreboard(gameId);
  const team = useTeam(teamId, gameId);
  const member = team.data?.members?.find((entry) => entry.id === params.userId);
  const item = board.data?.items.find((entry) => entry.id === teamId);
  const solves = solvesInOrder(
    (item?.solvedChallenges ?? []).filter((solve) => member && solve.userName === member.userName),
    board.data,
  );
  const teamName = item?.name ?? team.data?.name ?? '';
  usePageName(member?.userName ? joinTitle(member.userName, teamName) : undefined);

  const back = <BackToScoreboard gameId={gameId} title={game?.title} />;
  if (team.error) {
    return (
      <Stack component="section" gap="md">
        {back}
        <LoadError error={team.error} retry={() => team.mutate()} title="game.team_page.load_failed" />
      </Stack>
    );
  }
  if (team.data && !member) {
    return (
      <Stack component="section" gap="md">
        {back}
        <StatePanel
          icon={IconUser}
          color="gray"
          order={1}
          title={t('game.player_page.not_found')}
          message={t('game.player_page.not_found_message')}
          link={{ to: teamPath(gameId, teamId), label: teamName }}
        />
      </Stack>
    );
  }

  return (
    <Stack component="section" gap="md" data-testid="player-page">
      {back}
      <Paper withBorder radius="md" p="lg">
        {!member ? (
          <Skeleton height={72} />
        ) : (
          <Group gap="md" wrap="nowrap" align="flex-start">
            <Avatar
              src={member.avatar}
              alt=""
              size={72}
              radius="xl"
              color="initials"
              name={member.userName ?? ''}
            >
              {initialsOf(member.userName ?? '')}
            </Avatar>
            <Stack gap={6} miw={0}>
              <Group gap="xs">
                <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                  {member.userName}
                </Title>
                {member.captain && (
                  <Badge variant="light" color="yellow" leftSection={<IconCrown size={12} />}>
                    {t('team.badge.captain')}
                  </Badge>
                )}
              </Group>
              <Text size="sm">
                {t('game.player_page.member_of')}{' '}
                <Anchor component={Link} to={teamPath(gameId, teamId)} fw={600}>
                  {teamName}
                </Anchor>
              </Text>
              {member.bio && <Markdown source={member.bio} fz="sm" c="dimmed" />}
            </Stack>
          </Group>
        )}
      </Paper>
      <Stack gap="xs" component="section" aria-labelledby="player-solves">
        <Title order={2} size="h4" id="player-solves">
          {t('game.player_page.solves', { count: solves.length })}
        </Title>
        {!board.data && !board.error ? (
          <Skeleton height={120} radius="md" />
        ) : (
          <SolveTimeline solves={solves} showUser={false} />
        )}
      </Stack>
    </Stack>
  );
}
