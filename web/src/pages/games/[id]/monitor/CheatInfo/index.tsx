import { ActionIcon, Anchor, Avatar, Group, Table, Text, Tooltip } from '@mantine/core';
import type { ParticipationModel } from '@pennon/sdk';
import { IconArrowRight, IconListSearch, IconShieldCheck } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import useSWR from 'swr';
import { client } from '../../../../../api/client.ts';
import { useUser } from '../../../../../api/useUser.ts';
import { LoadStates } from '../../../../../components/LoadStates/index.ts';
import { StatePanel } from '../../../../../components/StatePanel/index.ts';
import { initialsOf } from '../../../../../components/UserMenu/initials.ts';
import { dateTimeFormat } from '../../../../../i18n/formats.ts';
import { teamPath } from '../../../lib/teams.ts';
import { canCorrect } from '../lib/access.ts';
import { RemoveSolvesButton } from '../lib/Corrections.tsx';
import { FilterSelect } from '../lib/FilterSelect.tsx';
import classes from '../lib/Monitor.module.css';
import { MonitorFrame } from '../lib/MonitorFrame.tsx';
import { monitorPage } from '../lib/MonitorGuard.tsx';
import { MonitorTable } from '../lib/MonitorTable.tsx';
import { useQueryParams } from '../lib/useQueryParams.ts';
import { cheatFilterFromParams, cheatOptions, filterCheats } from './filters.ts';

/** A team in a report: its avatar and name, linking to its page, and a link to its submissions. */
function TeamLink({ gameId, participation }: { gameId: number; participation: ParticipationModel }) {
  const { t } = useTranslation();
  const { id, name, avatar } = participation.team;
  const submissions = t('monitor.cheat.team_submissions', { team: name });
  return (
    <Group gap="xs" wrap="nowrap">
      <Avatar src={avatar} size={24} radius="xl" alt="">
        {initialsOf(name)}
      </Avatar>
      <Anchor
        component={Link}
        to={teamPath(gameId, id)}
        size="sm"
        fw={500}
        style={{ overflowWrap: 'anywhere' }}
        data-testid="team-link"
      >
        {name}
      </Anchor>
      <Tooltip label={submissions} withArrow>
        <ActionIcon
          component={Link}
          to={`/games/${gameId}/monitor/Submissions?team=${encodeURIComponent(name)}`}
          variant="subtle"
          size="sm"
          aria-label={submissions}
        >
          <IconListSearch size={14} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** /games/{id}/monitor/CheatInfo: flags one team submitted that were another's (dynamic flags only). */
function MonitorCheatInfo({ gameId }: { gameId: number }) {
  const { t, i18n } = useTranslation();
  const [params, setFilter] = useQueryParams();
  const filter = cheatFilterFromParams(params);
  const correcting = canCorrect(useUser().user);
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const timeFormat = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' });
  const { data, error, mutate } = useSWR(
    Number.isNaN(gameId) ? null : ['/api/game', gameId, 'cheatinfo'],
    () => client.game.cheatInfo(gameId),
    { revalidateOnFocus: true },
  );
  const options = useMemo(() => cheatOptions(data ?? []), [data]);
  const shown = data ? filterCheats(data, filter) : [];

  return (
    <MonitorFrame gameId={gameId} active="CheatInfo">
      <LoadStates
        data={data}
        error={error}
        retry={() => mutate()}
        errorTitle="monitor.cheat.load_failed"
        loading={240}
        isEmpty={(reports) => reports.length === 0}
        empty={
          <StatePanel
            icon={IconShieldCheck}
            color="teal"
            title={t('monitor.cheat.empty.title')}
            message={t('monitor.cheat.empty.message')}
          />
        }
      >
        {() => (
          <>
            <Group gap="sm" align="flex-end">
              <FilterSelect
                label={t('monitor.cheat.team')}
                placeholder={t('monitor.submissions.all_teams')}
                data={options.teams}
                value={filter.team}
                onChange={(value) => setFilter('team', value)}
              />
              <FilterSelect
                label={t('monitor.submissions.challenge')}
                placeholder={t('monitor.cheat.all_challenges')}
                data={options.challenges}
                value={filter.challenge}
                onChange={(value) => setFilter('challenge', value)}
              />
            </Group>
            {shown.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('monitor.cheat.none_filtered')}
              </Text>
            ) : (
              <MonitorTable
                minWidth={720}
                testId="cheats"
                columns={[
                  t('monitor.submissions.time'),
                  t('monitor.cheat.submitter'),
                  { ariaLabel: t('monitor.cheat.used_flag_of') },
                  t('monitor.cheat.owner'),
                  t('monitor.submissions.challenge'),
                  t('monitor.submissions.user'),
                  t('monitor.submissions.answer'),
                  ...(correcting ? [{ ariaLabel: t('monitor.correction.actions') }] : []),
                ]}
              >
                {shown.map((report) => (
                  <Table.Tr
                    // Reports carry no id; one submission makes at most one report.
                    key={`${report.submission.time}-${report.submitTeam.id}-${report.ownedTeam.id}-${report.submission.challenge}`}
                    data-testid="cheat-row"
                  >
                    <Table.Td className={classes.nowrap}>
                      <Text
                        size="sm"
                        component="time"
                        dateTime={new Date(report.submission.time).toISOString()}
                      >
                        {timeFormat.format(report.submission.time)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <TeamLink gameId={gameId} participation={report.submitTeam} />
                    </Table.Td>
                    <Table.Td>
                      <IconArrowRight size={16} aria-label={t('monitor.cheat.used_flag_of')} role="img" />
                    </Table.Td>
                    <Table.Td>
                      <TeamLink gameId={gameId} participation={report.ownedTeam} />
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        onClick={() => setFilter('challenge', report.submission.challenge)}
                        aria-label={t('monitor.cheat.filter_challenge', {
                          challenge: report.submission.challenge,
                        })}
                        style={{ overflowWrap: 'anywhere', textAlign: 'start' }}
                      >
                        {report.submission.challenge}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {report.submission.user}
                      </Text>
                    </Table.Td>
                    <Table.Td maw={280}>
                      <Text size="sm" className={classes.answer}>
                        {report.submission.answer}
                      </Text>
                    </Table.Td>
                    {correcting && (
                      <Table.Td>
                        <RemoveSolvesButton
                          gameId={gameId}
                          teamId={report.submitTeam.team.id}
                          onDone={() => mutate()}
                        />
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </MonitorTable>
            )}
          </>
        )}
      </LoadStates>
    </MonitorFrame>
  );
}

export default monitorPage(MonitorCheatInfo);
