import { Button, Code, Group, Paper, Skeleton, Stack, Switch, Text, ThemeIcon } from '@mantine/core';
import type { EventType, GameEvent } from '@pennon/sdk';
import {
  type Icon,
  IconAlertTriangle,
  IconBox,
  IconBoxOff,
  IconChevronLeft,
  IconChevronRight,
  IconFlag,
  IconInfoCircle,
  IconListDetails,
  IconLockOpen,
} from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { client } from '../../../../../api/client.ts';
import { LoadStates } from '../../../../../components/LoadStates/index.ts';
import { RelativeTime } from '../../../../../components/RelativeTime/index.ts';
import { StatePanel } from '../../../../../components/StatePanel/index.ts';
import { TeamName } from '../../../lib/TeamName.tsx';
import { eventKey } from '../lib/keys.ts';
import { LiveStatus } from '../lib/LiveStatus.tsx';
import classes from '../lib/Monitor.module.css';
import { MonitorFrame } from '../lib/MonitorFrame.tsx';
import { monitorPage } from '../lib/MonitorGuard.tsx';
import { useLiveRows } from '../lib/useLiveRows.ts';
import { useMonitorLive } from '../lib/useMonitorLive.ts';
import { EVENT_TYPE_KEYS, eventAnswer, eventSentence, isContainerEvent } from './eventSentence.ts';

/** Events a page (the server gives at most 100). */
const EVENTS_PAGE_SIZE = 30;

const LOOKS: Record<EventType, { icon: Icon; color: string }> = {
  Normal: { icon: IconInfoCircle, color: 'gray' },
  ContainerStart: { icon: IconBox, color: 'blue' },
  ContainerDestroy: { icon: IconBoxOff, color: 'gray' },
  FlagSubmit: { icon: IconFlag, color: 'teal' },
  CheatDetected: { icon: IconAlertTriangle, color: 'orange' },
  HintUnlock: { icon: IconLockOpen, color: 'yellow' },
};

/** A wrong flag is red, a cheat orange; other flags keep their type's colour. */
const colorOf = (event: GameEvent): string => {
  if (event.type === 'FlagSubmit' && event.values[0] !== 'Accepted') {
    return event.values[0] === 'CheatDetected' ? 'orange' : 'red';
  }
  return LOOKS[event.type].color;
};

/** /games/{id}/monitor/Events: what happened in the game, newest first, live. */
function MonitorEvents({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const [hideContainer, setHideContainer] = useState(false);
  const [page, setPage] = useState(0);
  const { data, error, mutate, isLoading } = useSWR(
    Number.isNaN(gameId) ? null : ['/api/game', gameId, 'events', hideContainer, page],
    () =>
      client.game.events(gameId, { hideContainer, count: EVENTS_PAGE_SIZE, skip: page * EVENTS_PAGE_SIZE }),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
  // Arrivals show on the first page only, and not when the filter hides them.
  const accept = useCallback(
    (event: GameEvent) => page === 0 && !(hideContainer && isContainerEvent(event)),
    [page, hideContainer],
  );
  const { rows, push } = useLiveRows(data, eventKey, accept);
  const live = useMonitorLive(gameId, data !== undefined, { event: push });

  return (
    <MonitorFrame gameId={gameId} active="Events">
      <Group justify="space-between" gap="sm">
        <Switch
          label={t('monitor.events.hide_container')}
          checked={hideContainer}
          onChange={(event) => {
            setHideContainer(event.currentTarget.checked);
            setPage(0);
          }}
        />
        <LiveStatus state={live} />
      </Group>
      <LoadStates
        data={data}
        error={error}
        retry={() => mutate()}
        errorTitle="monitor.events.load_failed"
        loading={
          <Stack gap="xs" aria-busy>
            {[0, 1, 2, 3, 4].map((index) => (
              <Skeleton key={index} height={56} radius="md" />
            ))}
          </Stack>
        }
        isEmpty={() => rows.length === 0}
        empty={
          <StatePanel
            icon={IconListDetails}
            color="gray"
            title={t('monitor.events.empty.title')}
            message={t('monitor.events.empty.message')}
          />
        }
      >
        {() => (
          <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-busy={isLoading}>
            {rows.map(({ key, item, fresh }) => {
              const { icon: TypeIcon } = LOOKS[item.type];
              const answer = eventAnswer(item);
              return (
                <Paper
                  key={key}
                  component="li"
                  withBorder
                  radius="md"
                  px="md"
                  py="xs"
                  className={fresh ? classes.fresh : undefined}
                  data-testid="monitor-event"
                  data-type={item.type}
                  data-fresh={fresh || undefined}
                >
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <ThemeIcon variant="light" color={colorOf(item)} radius="xl" size="lg">
                      <TypeIcon size={18} aria-label={t(EVENT_TYPE_KEYS[item.type])} role="img" />
                    </ThemeIcon>
                    <Stack gap={2} miw={0} style={{ flex: 1 }}>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {eventSentence(item, t)}
                      </Text>
                      {answer !== undefined && (
                        <Code
                          className={classes.answer}
                          aria-label={t('monitor.submissions.answer')}
                          style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
                        >
                          {answer}
                        </Code>
                      )}
                      <Group gap={6} c="dimmed">
                        <RelativeTime time={item.time} size="xs" />
                        {item.team && (
                          <>
                            <Text size="xs" aria-hidden>
                              ·
                            </Text>
                            <TeamName gameId={gameId} name={item.team} size="xs" />
                          </>
                        )}
                        {item.user && (
                          <>
                            <Text size="xs" aria-hidden>
                              ·
                            </Text>
                            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                              {item.user}
                            </Text>
                          </>
                        )}
                      </Group>
                    </Stack>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )}
      </LoadStates>
      {data && (page > 0 || data.length === EVENTS_PAGE_SIZE) && (
        <Group justify="center" gap="sm">
          <Button
            variant="default"
            leftSection={<IconChevronLeft size={16} />}
            disabled={page === 0}
            onClick={() => setPage((value) => Math.max(0, value - 1))}
          >
            {t('monitor.paging.newer')}
          </Button>
          <Text size="sm" aria-live="polite">
            {t('game.paging.page', { page: page + 1 })}
          </Text>
          <Button
            variant="default"
            rightSection={<IconChevronRight size={16} />}
            disabled={data.length < EVENTS_PAGE_SIZE}
            onClick={() => setPage((value) => value + 1)}
          >
            {t('monitor.paging.older')}
          </Button>
        </Group>
      )}
    </MonitorFrame>
  );
}

export default monitorPage(MonitorEvents);
