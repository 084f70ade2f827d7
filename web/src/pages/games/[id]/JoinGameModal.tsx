import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { DetailedGameInfoModel, GameJoinCheckInfoModel, TeamInfoModel } from '@pennon/sdk';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { client } from '../../../api/client.ts';
import { FormActions } from '../../../components/FormActions/index.ts';
import { notifyError } from '../../../utils/notify.ts';

export interface JoinGameModalProps {
  opened: boolean;
  onClose: () => void;
  game: DetailedGameInfoModel;
  teams: TeamInfoModel[] | undefined;
  check: GameJoinCheckInfoModel | undefined;
  /** Tells the player, once the game's new state is known (it may await review). */
  onJoined: () => unknown;
}

interface Values {
  teamId: string | null;
  divisionId: string | null;
  inviteCode: string;
}

/**
 * Joining a game through one of the caller's teams: the team, a division when the game has divisions one
 * may join (`check`), and an invite code when the chosen division (or, without one, the game) requires it. A team
 * already in the game is joined as it stands: its division shown, no code asked.
 */
export function JoinGameModal({ opened, onClose, game, teams, check, onJoined }: JoinGameModalProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const joinable = (game.divisions ?? []).filter((division) =>
    check?.joinableDivisions.includes(division.id),
  );
  /** The chosen team's participation when it is in the game already: a teammate joins it as it stands. */
  const standing = (teamId: string | null) =>
    check?.teams?.find((item) => String(item.id) === teamId && item.status !== 'Rejected');
  const choosesDivision = (teamId: string | null) => joinable.length > 0 && !standing(teamId);

  /** The chosen division's code applies; without divisions to choose from, the game's; none to join one's team. */
  function codeRequired({ teamId, divisionId }: Pick<Values, 'teamId' | 'divisionId'>): boolean {
    if (standing(teamId)) return false;
    const chosen = joinable.find((item) => String(item.id) === divisionId);
    return chosen ? chosen.inviteCodeRequired : joinable.length === 0 && game.inviteCodeRequired;
  }

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      teamId: teams?.length === 1 ? String(teams[0]?.id) : null,
      divisionId: joinable.length === 1 ? String(joinable[0]?.id) : null,
      inviteCode: '',
    },
    validate: {
      teamId: (value) => (value ? null : t('game.join.team_required')),
      divisionId: (value, values) =>
        choosesDivision(values.teamId) && !value ? t('game.join.division_required') : null,
      inviteCode: (value, values) =>
        codeRequired(values) && value.trim() === '' ? t('game.join.code_required') : null,
    },
  });
  const showCode = codeRequired(form.values);
  const showDivision = choosesDivision(form.values.teamId);
  const teamDivision = game.divisions?.find((item) => item.id === standing(form.values.teamId)?.division);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await client.game.join(game.id, {
        teamId: Number(values.teamId),
        divisionId: showDivision && values.divisionId ? Number(values.divisionId) : null,
        inviteCode: showCode ? values.inviteCode.trim() : null,
      });
      form.reset();
      onClose();
      await onJoined();
    } catch (err) {
      notifyError(err, t, t('game.join.failed'));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('game.join.title', { title: game.title })} centered>
      {teams !== undefined && teams.length === 0 ? (
        <Stack gap="sm">
          <Alert variant="light" icon={<IconInfoCircle size={18} />} title={t('game.join.no_team_title')}>
            {t('game.join.no_team_message')}
          </Alert>
          <Group justify="flex-end">
            <Button component={Link} to="/Teams">
              {t('game.join.to_teams')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Select
              label={t('game.join.team')}
              placeholder={t('game.join.team_placeholder')}
              data={(teams ?? []).map((team) => ({
                value: String(team.id),
                label: team.name ?? `#${team.id}`,
              }))}
              required
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('teamId')}
            />
            {game.limit > 0 && (
              <Text size="xs" c="dimmed">
                {t('game.join.limit_hint', { count: game.limit })}
              </Text>
            )}
            {teamDivision && (
              <Text size="sm">{t('game.participation.division', { name: teamDivision.name })}</Text>
            )}
            {showDivision && (
              <Select
                label={t('game.join.division')}
                placeholder={t('game.join.division_placeholder')}
                data={joinable.map((item) => ({ value: String(item.id), label: item.name }))}
                required
                allowDeselect={false}
                {...form.getInputProps('divisionId')}
              />
            )}
            {showCode && (
              <TextInput
                label={t('game.join.code')}
                description={t('game.join.code_hint')}
                required
                autoComplete="off"
                {...form.getInputProps('inviteCode')}
              />
            )}
            <FormActions submitLabel={t('game.join.submit')} onCancel={onClose} busy={busy} mt="xs" />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
