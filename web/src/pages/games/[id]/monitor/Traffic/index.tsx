import { Grid, Paper, Text, Title } from '@mantine/core';
import { IconNetworkOff, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import useSWR from 'swr';
import { client } from '../../../../../api/client.ts';
import { LoadStates } from '../../../../../components/LoadStates/index.ts';
import { StatePanel } from '../../../../../components/StatePanel/index.ts';
import { categoryStyle } from '../../../lib/categories.tsx';
import { MonitorFrame } from '../lib/MonitorFrame.tsx';
import { monitorPage } from '../lib/MonitorGuard.tsx';
import { CaptureFiles } from './CaptureFiles.tsx';
import { PickList } from './PickList.tsx';

/** A positive integer from the address, or null. */
const idParam = (raw: string | null): number | null => {
  const id = Number(raw);
  return raw && Number.isInteger(id) && id > 0 ? id : null;
};

/** One column of the page: a heading, then its content. */
function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm" h="100%">
      <Title order={2} size="h5" mb="xs" style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * /games/{id}/monitor/Traffic: the traffic the platform proxy captured, by challenge then team; pcap files to
 * download or delete. The choice lives in the address (`?challenge=&team=`, the team as its participation id).
 */
function MonitorTraffic({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const challengeId = idParam(params.get('challenge'));
  const partId = idParam(params.get('team'));

  const challenges = useSWR(Number.isNaN(gameId) ? null : ['/api/game', gameId, 'captures'], () =>
    client.game.captures(gameId),
  );
  const teams = useSWR(challengeId === null ? null : ['/api/game/captures', challengeId], () =>
    client.game.captureTeams(challengeId as number),
  );
  const teamName = teams.data?.find((item) => item.id === partId)?.name ?? '';

  const choose = (challenge: number | null, team: number | null = null) =>
    setParams(
      () => {
        const query = new URLSearchParams();
        if (challenge !== null) query.set('challenge', String(challenge));
        if (team !== null) query.set('team', String(team));
        return query;
      },
      { replace: true },
    );

  const body = (
    <LoadStates
      data={challenges.data}
      error={challenges.error}
      retry={() => challenges.mutate()}
      errorTitle="monitor.traffic.load_failed"
      loading={200}
      isEmpty={(list) => list.length === 0}
      empty={
        <StatePanel
          icon={IconNetworkOff}
          color="gray"
          title={t('monitor.traffic.empty.title')}
          message={t('monitor.traffic.empty.message')}
        />
      }
    >
      {(list) => (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Column title={t('monitor.traffic.challenges')}>
              <PickList
                label={t('monitor.traffic.challenges')}
                chosen={challengeId}
                onChoose={(id) => choose(id)}
                items={list.map((item) => {
                  const { icon: CategoryIcon, color } = categoryStyle(item.category);
                  return {
                    id: item.id,
                    label: item.title,
                    description: item.category,
                    icon: <CategoryIcon size={18} color={`var(--mantine-color-${color}-6)`} />,
                    count: item.count,
                    countLabel: t('monitor.traffic.team_count', { count: item.count }),
                  };
                })}
              />
            </Column>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Column title={t('monitor.traffic.teams')}>
              {challengeId === null ? (
                <Text size="sm" c="dimmed">
                  {t('monitor.traffic.pick_challenge')}
                </Text>
              ) : (
                <LoadStates
                  data={teams.data}
                  error={teams.error}
                  retry={() => teams.mutate()}
                  errorTitle="monitor.traffic.load_failed"
                  loading={120}
                  isEmpty={(found) => found.length === 0}
                  empty={
                    <Text size="sm" c="dimmed">
                      {t('monitor.traffic.no_teams')}
                    </Text>
                  }
                >
                  {(found) => (
                    <PickList
                      label={t('monitor.traffic.teams')}
                      chosen={partId}
                      onChoose={(id) => choose(challengeId, id)}
                      items={found.map((item) => ({
                        id: item.id,
                        label: item.name ?? '',
                        description: item.division,
                        icon: <IconUsersGroup size={18} />,
                        count: item.count,
                        countLabel: t('monitor.traffic.file_count', { count: item.count }),
                      }))}
                    />
                  )}
                </LoadStates>
              )}
            </Column>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Column
              title={
                partId === null
                  ? t('monitor.traffic.files')
                  : t('monitor.traffic.files_of', { team: teamName })
              }
            >
              {challengeId === null || partId === null ? (
                <Text size="sm" c="dimmed">
                  {t('monitor.traffic.pick_team')}
                </Text>
              ) : (
                <CaptureFiles
                  challengeId={challengeId}
                  partId={partId}
                  teamName={teamName}
                  changed={() => Promise.all([teams.mutate(), challenges.mutate()])}
                  emptied={() => choose(challengeId)}
                />
              )}
            </Column>
          </Grid.Col>
        </Grid>
      )}
    </LoadStates>
  );

  return (
    <MonitorFrame gameId={gameId} active="Traffic">
      {body}
    </MonitorFrame>
  );
}

export default monitorPage(MonitorTraffic);
