import { Badge, Button, Card, Grid, Group, Image, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { isPennonError } from '@pennon/sdk';
import {
  IconArrowRight,
  IconDoorExit,
  IconFileUnknown,
  IconLogin,
  IconTrophy,
  IconUserPlus,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import useSWR from 'swr';
import { client } from '../../../api/client.ts';
import { useUser } from '../../../api/useUser.ts';
import { LoadError } from '../../../components/LoadError/index.ts';
import { Markdown } from '../../../components/Markdown/index.tsx';
import { StatePanel } from '../../../components/StatePanel/index.ts';
import { notifyError, notifySuccess } from '../../../utils/notify.ts';
import { loginPath } from '../../../utils/redirect.ts';
import { useTeams } from '../../Teams/useTeams.ts';
import { GameTimeRange, TeamLimit } from '../lib/GameStatus.tsx';
import { GameHeader } from '../lib/GameTabs.tsx';
import { gamePhase } from '../lib/logic.ts';
import { PARTICIPATION_COLORS } from '../lib/participationColors.ts';
import { useNow } from '../lib/useNow.ts';
import { JoinGameModal } from './JoinGameModal.tsx';
import { parseGameId, useGame } from './useGame.ts';

/** /games/{id}: the game's description, divisions, times and the caller's participation, and joining. */
export default function GamePage() {
  const { t } = useTranslation();
  const location = useLocation();
  const gameId = parseGameId(useParams().id);
  const { game, error, refresh } = useGame(gameId);
  const { status: session } = useUser();
  const signedIn = session === 'signedIn';
  const { teams } = useTeams(signedIn);
  const now = useNow(1000);
  const [joining, setJoining] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [joiningTeam, setJoiningTeam] = useState(false);
  const canCheck = signedIn && game !== undefined && ['Unsubmitted', 'Rejected'].includes(game.status);
  const { data: check } = useSWR(canCheck ? ['/api/game', gameId, 'check'] : null, () =>
    client.game.check(gameId),
  );
  // A team of the caller already in the game (and not rejected): its teammates join it as it stands.
  const teamIn = check?.teams?.find((item) => item.status !== 'Rejected');
  const teamInName = teams?.find((team) => team.id === teamIn?.id)?.name ?? `#${teamIn?.id}`;

  if (Number.isNaN(gameId) || (isPennonError(error) && error.status === 404)) {
    return (
      <StatePanel
        icon={IconFileUnknown}
        color="gray"
        title={t('game.not_found.title')}
        message={t('game.not_found.message')}
        link={{ to: '/games', label: t('game.back') }}
      />
    );
  }

  const phase = game ? gamePhase(game.start, game.end, now) : 'upcoming';
  const status = game?.status ?? 'Unsubmitted';
  const open = game !== undefined && (phase !== 'ended' || game.practiceMode);

  /** After a join, the game as it now stands; says so plainly when the team still awaits review. */
  const joined = async () => {
    const next = await refresh();
    const key = next?.status === 'Pending' ? 'game.join.done_pending' : 'game.join.done';
    notifySuccess(t(key, { title: game?.title }));
  };

  const joinTeam = async (teamId: number) => {
    setJoiningTeam(true);
    try {
      await client.game.join(gameId, { teamId });
      await joined();
    } catch (err) {
      notifyError(err, t, t('game.join.failed'));
    } finally {
      setJoiningTeam(false);
    }
  };

  const leave = () =>
    modals.openConfirmModal({
      title: t('game.leave.title'),
      children: <Text size="sm">{t('game.leave.message', { title: game?.title })}</Text>,
      labels: { confirm: t('game.leave.submit'), cancel: t('common.button.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        setLeaving(true);
        try {
          await client.game.leave(gameId);
          notifySuccess(t('game.leave.done'));
        } catch (err) {
          notifyError(err, t, t('game.leave.failed'));
        } finally {
          setLeaving(false);
        }
        await refresh();
      },
    });

  let action: React.ReactNode = null;
  if (game) {
    if (!signedIn) {
      action = open && (
        <Button component={Link} to={loginPath(location.pathname)} leftSection={<IconLogin size={16} />}>
          {t('game.join.sign_in')}
        </Button>
      );
    } else if (status === 'Accepted') {
      action = phase !== 'upcoming' && (phase !== 'ended' || game.practiceMode) && (
        <Button
          component={Link}
          to={`/games/${gameId}/Challenges`}
          rightSection={<IconArrowRight size={16} />}
        >
          {t('game.to_challenges')}
        </Button>
      );
    } else if (status === 'Unsubmitted' && teamIn) {
      action = open && (
        <Button
          leftSection={<IconUserPlus size={16} />}
          onClick={() => joinTeam(teamIn.id)}
          loading={joiningTeam}
        >
          {t('game.join.join_team', { team: teamInName })}
        </Button>
      );
    } else if (status === 'Unsubmitted' || status === 'Rejected') {
      action = open && (
        <Button leftSection={<IconUserPlus size={16} />} onClick={() => setJoining(true)}>
          {status === 'Rejected' ? t('game.join.again') : t('game.join.button')}
        </Button>
      );
    }
  }

  const divisions = game?.divisions ?? [];
  const myDivision = divisions.find((division) => division.id === game?.division);

  return (
    <Stack component="section" gap="md">
      <GameHeader
        gameId={gameId}
        title={game?.title}
        fallbackTitle={t('page.games.detail')}
        start={game?.start}
        end={game?.end}
        active="info"
        playing={status === 'Accepted'}
      />
      {!game && error ? (
        <LoadError error={error} retry={refresh} title="game.load_failed" />
      ) : !game ? (
        <Skeleton height={320} radius="md" aria-busy />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              {game.summary && (
                <Text fw={500} mb="sm">
                  {game.summary}
                </Text>
              )}
              {game.content ? (
                <Markdown source={game.content} />
              ) : (
                <Text c="dimmed">{t('game.no_content')}</Text>
              )}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
            <Stack gap="md">
              <Card withBorder radius="md" padding="lg">
                {game.poster && (
                  <Card.Section mb="md">
                    <Image src={game.poster} alt="" h={160} fit="cover" />
                  </Card.Section>
                )}
                <Stack gap="sm">
                  <GameTimeRange start={game.start} end={game.end} />
                  <TeamLimit limit={game.limit} />
                  <Group gap={6} wrap="nowrap">
                    <IconUsersGroup size={16} aria-hidden />
                    <Text size="sm">{t('game.team_count', { count: game.teamCount })}</Text>
                  </Group>
                  {game.practiceMode && phase === 'ended' && (
                    <Badge variant="light" color="grape">
                      {t('game.practice')}
                    </Badge>
                  )}
                </Stack>
              </Card>
              <Card withBorder radius="md" padding="lg" data-testid="participation">
                <Stack gap="sm">
                  <Title order={2} size="h5">
                    {t('game.participation.title')}
                  </Title>
                  {signedIn ? (
                    <Group gap="xs">
                      <Badge color={PARTICIPATION_COLORS[status]} variant="light" size="lg">
                        {t(`game.participation.status.${status}`)}
                      </Badge>
                      {game.teamName && status !== 'Unsubmitted' && (
                        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                          {game.teamName}
                        </Text>
                      )}
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('game.participation.signed_out')}
                    </Text>
                  )}
                  {signedIn && (
                    <Text size="sm" c="dimmed">
                      {status === 'Unsubmitted' && teamIn
                        ? t('game.join.team_in', { team: teamInName })
                        : t(`game.participation.hint.${status}`)}
                    </Text>
                  )}
                  {myDivision && (
                    <Text size="sm">{t('game.participation.division', { name: myDivision.name })}</Text>
                  )}
                  {!open && status !== 'Accepted' && (
                    <Text size="sm" c="dimmed">
                      {t('game.join.closed')}
                    </Text>
                  )}
                  <Group gap="xs">
                    {action}
                    {(status === 'Pending' || status === 'Rejected') && (
                      <Button
                        variant="default"
                        color="red"
                        leftSection={<IconDoorExit size={16} />}
                        onClick={leave}
                        loading={leaving}
                      >
                        {t('game.leave.button')}
                      </Button>
                    )}
                    {phase !== 'upcoming' && (
                      <Button
                        variant="subtle"
                        component={Link}
                        to={`/games/${gameId}/Scoreboard`}
                        leftSection={<IconTrophy size={16} />}
                      >
                        {t('page.games.scoreboard')}
                      </Button>
                    )}
                  </Group>
                </Stack>
              </Card>
              {divisions.length > 0 && (
                <Card withBorder radius="md" padding="lg">
                  <Title order={2} size="h5" mb="xs">
                    {t('game.divisions')}
                  </Title>
                  <Group gap="xs">
                    {divisions.map((division) => (
                      <Badge
                        key={division.id}
                        variant={division.id === game.division ? 'filled' : 'light'}
                        color="gray"
                      >
                        {division.name}
                      </Badge>
                    ))}
                  </Group>
                </Card>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      )}
      {game && signedIn && (
        <JoinGameModal
          key={`${joining}-${teams?.length}-${check?.joinableDivisions.join()}`}
          opened={joining}
          onClose={() => setJoining(false)}
          game={game}
          teams={teams}
          check={check}
          onJoined={joined}
        />
      )}
    </Stack>
  );
}
