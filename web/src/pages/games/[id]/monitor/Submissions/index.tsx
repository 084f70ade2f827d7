import { Badge, Button, Center, Group, Pagination, Select, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AnswerResult, Submission } from '@pennon/sdk';
import { IconDownload, IconSend } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { client } from '../../../../../api/client.ts';
import { useUser } from '../../../../../api/useUser.ts';
import { LoadStates } from '../../../../../components/LoadStates/index.ts';
import { StatePanel } from '../../../../../components/StatePanel/index.ts';
import { dateTimeFormat } from '../../../../../i18n/formats.ts';
import { downloadWithNotice } from '../../../../../utils/download.ts';
import { pageOf } from '../../../lib/logic.ts';
import { TeamName } from '../../../lib/TeamName.tsx';
import { canCorrect } from '../lib/access.ts';
import { CorrectVerdictAction } from '../lib/Corrections.tsx';
import { FilterSelect } from '../lib/FilterSelect.tsx';
import { submissionKey } from '../lib/keys.ts';
import { LiveStatus } from '../lib/LiveStatus.tsx';
import classes from '../lib/Monitor.module.css';
import { MonitorFrame } from '../lib/MonitorFrame.tsx';
import { monitorPage } from '../lib/MonitorGuard.tsx';
import { MonitorTable } from '../lib/MonitorTable.tsx';
import { OUTCOME_ORDER, OUTCOMES } from '../lib/outcome.ts';
import { useLiveRows } from '../lib/useLiveRows.ts';
import { useMonitorLive } from '../lib/useMonitorLive.ts';
import { useQueryParams } from '../lib/useQueryParams.ts';
import { filterFromParams, matchesFilter, teamOptions } from './filters.ts';

const SUBMISSIONS_PAGE_SIZE = 50;

/** /games/{id}/monitor/Submissions: every flag submitted, newest first, live; filters live in the address. */
function MonitorSubmissions({ gameId }: { gameId: number }) {
  const { t, i18n } = useTranslation();
  const [params, setParam] = useQueryParams();
  const filter = filterFromParams(params);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const mobile = useMediaQuery('(max-width: 48em)');
  const correcting = canCorrect(useUser().user);
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const timeFormat = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' });

  // All of them (count 0) for the verdict: the team filter and the pages are cut here.
  const { data, error, mutate } = useSWR(
    Number.isNaN(gameId) ? null : ['/api/game', gameId, 'submissions', filter.outcome],
    () => client.game.submissions(gameId, { count: 0, ...(filter.outcome && { type: filter.outcome }) }),
    // The previous rows stay (filtered here) while another verdict loads, and the hub stays connected.
    { revalidateOnFocus: false, keepPreviousData: true },
  );
  const outcome = filter.outcome;
  const accept = useCallback((s: Submission) => matchesFilter(s, { outcome, team: null }), [outcome]);
  const { rows, push } = useLiveRows(data, submissionKey, accept);
  const live = useMonitorLive(gameId, data !== undefined, { submission: push });

  const shown = rows.filter((row) => matchesFilter(row.item, filter));
  const pages = Math.max(1, Math.ceil(shown.length / SUBMISSIONS_PAGE_SIZE));
  const current = Math.min(page, pages);
  const teams = teamOptions(
    rows.map((row) => row.item),
    filter.team,
  );

  const setFilter = (key: 'outcome' | 'team', value: string | null) => {
    setParam(key, value);
    setPage(1);
  };

  const exportSheet = async () => {
    setExporting(true);
    await downloadWithNotice(() => client.game.submissionSheet(gameId), `submissions-${gameId}.xlsx`, t);
    setExporting(false);
  };

  return (
    <MonitorFrame
      gameId={gameId}
      active="Submissions"
      actions={
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={exporting}
          onClick={() => void exportSheet()}
        >
          {t('monitor.submissions.export')}
        </Button>
      }
    >
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end" style={{ flex: 1 }}>
          <Select
            label={t('monitor.submissions.outcome')}
            placeholder={t('monitor.submissions.all_outcomes')}
            data={OUTCOME_ORDER.map((value) => ({ value, label: t(OUTCOMES[value].label) }))}
            value={filter.outcome}
            onChange={(value) => setFilter('outcome', value)}
            clearable
            w={{ base: '100%', xs: 200 }}
          />
          <FilterSelect
            label={t('monitor.submissions.team')}
            placeholder={t('monitor.submissions.all_teams')}
            data={teams}
            value={filter.team}
            onChange={(value) => setFilter('team', value)}
            nothingFoundMessage={t('monitor.submissions.no_team')}
          />
        </Group>
        <LiveStatus state={live} />
      </Group>
      <LoadStates
        data={data}
        error={error}
        retry={() => mutate()}
        errorTitle="monitor.submissions.load_failed"
        loading={320}
        isEmpty={() => shown.length === 0}
        empty={
          <StatePanel
            icon={IconSend}
            color="gray"
            title={t('monitor.submissions.empty.title')}
            message={t(
              filter.outcome || filter.team
                ? 'monitor.submissions.empty.filtered'
                : 'monitor.submissions.empty.message',
            )}
          />
        }
      >
        {() => (
          <MonitorTable
            minWidth={760}
            testId="submissions"
            columns={[
              t('monitor.submissions.time'),
              t('monitor.submissions.team'),
              t('monitor.submissions.user'),
              t('monitor.submissions.challenge'),
              t('monitor.submissions.answer'),
              t('monitor.submissions.outcome'),
              ...(correcting ? [{ ariaLabel: t('monitor.correction.actions') }] : []),
            ]}
          >
            {pageOf(shown, current, SUBMISSIONS_PAGE_SIZE).map(({ key, item, fresh }) => (
              <Table.Tr
                key={key}
                className={fresh ? classes.fresh : undefined}
                data-testid="submission-row"
                data-status={item.status}
                data-fresh={fresh || undefined}
              >
                <Table.Td className={classes.nowrap}>
                  <Text size="sm" component="time" dateTime={new Date(item.time).toISOString()}>
                    {timeFormat.format(item.time)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <TeamName gameId={gameId} name={item.team} size="sm" fw={500} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {item.user}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {item.challenge}
                  </Text>
                </Table.Td>
                <Table.Td maw={320}>
                  <Text size="sm" className={classes.answer}>
                    {item.answer}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <OutcomeBadge status={item.status} />
                </Table.Td>
                {correcting && (
                  <Table.Td>
                    {item.id !== undefined && item.status !== 'FlagSubmitted' && (
                      <CorrectVerdictAction gameId={gameId} submission={item} onDone={() => mutate()} />
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </MonitorTable>
        )}
      </LoadStates>
      {pages > 1 && (
        <Center>
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            size={mobile ? 'sm' : 'md'}
            getControlProps={(control) => ({ 'aria-label': t(`game.paging.${control}`) })}
            getItemProps={(item) => ({ 'aria-label': t('game.paging.page', { page: item }) })}
          />
        </Center>
      )}
    </MonitorFrame>
  );
}

function OutcomeBadge({ status }: { status: AnswerResult }) {
  const { t } = useTranslation();
  return (
    <Badge color={OUTCOMES[status].color} variant="light" className={classes.nowrap}>
      {t(OUTCOMES[status].label)}
    </Badge>
  );
}

export default monitorPage(MonitorSubmissions);
