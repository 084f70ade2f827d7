import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useUser } from '../../api/useUser.ts';
import { SessionLoader } from '../../components/AccountCard/index.ts';
import { LoadError } from '../../components/LoadError/index.ts';
import { StatePanel } from '../../components/StatePanel/index.ts';
import { loginPath } from '../../utils/redirect.ts';
import { INVITE_PARAM } from './invite.ts';
import { JoinTeamModal } from './JoinTeamModal.tsx';
import { TeamCard } from './TeamCard.tsx';
import { TeamFormModal } from './TeamFormModal.tsx';
import { useTeams } from './useTeams.ts';

/**
 * /Teams: the signed-in user's teams, and creating or joining one. `?code=…` is an invite link
 * (see invite.ts): it opens the join dialog with that code.
 */
export default function TeamsPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const { user, status } = useUser();
  const { teams, error, refresh } = useTeams(status === 'signedIn');
  const [creating, setCreating] = useState(false);
  const [joining, setJoining] = useState(false);
  const linkCode = params.get(INVITE_PARAM);

  if (status === 'signedOut')
    return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  if (!user) return <SessionLoader />;

  const closeJoin = () => {
    setJoining(false);
    if (linkCode !== null) {
      setParams(
        (current) => {
          current.delete(INVITE_PARAM);
          return current;
        },
        { replace: true },
      );
    }
  };

  const actions = (
    <Group gap="xs">
      <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
        {t('team.create.button')}
      </Button>
      <Button variant="default" leftSection={<IconUserPlus size={16} />} onClick={() => setJoining(true)}>
        {t('team.join.button')}
      </Button>
    </Group>
  );

  let content: ReactNode;
  if (teams === undefined && error) {
    content = <LoadError error={error} retry={refresh} title="team.load_failed" />;
  } else if (teams === undefined) {
    content = <SessionLoader />;
  } else if (teams.length === 0) {
    content = (
      <StatePanel icon={IconUsersGroup} title={t('team.empty.title')} message={t('team.empty.message')}>
        {actions}
      </StatePanel>
    );
  } else {
    content = (
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg">
        {teams.map((team) => (
          <TeamCard key={team.id} team={team} me={user.userId} refresh={refresh} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack component="section" gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={1}>{t('page.teams')}</Title>
          <Text c="dimmed" size="sm">
            {t('team.subtitle')}
          </Text>
        </Stack>
        {teams !== undefined && teams.length > 0 && actions}
      </Group>
      {content}
      <TeamFormModal opened={creating} onClose={() => setCreating(false)} onSaved={refresh} />
      <JoinTeamModal
        opened={joining || linkCode !== null}
        onClose={closeJoin}
        initialCode={linkCode ?? undefined}
        onJoined={refresh}
      />
    </Stack>
  );
}
