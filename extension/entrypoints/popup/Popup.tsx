// The toolbar popup: the daemon's state (and why, when it is not usable), its version and address, and the
// tunnels of each watched platform. While open it asks the background to check every 2 s.
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  CopyButton,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { WSRX_DEFAULT_API, WsrxState } from '@pennon/sdk/wsrx';
import { useEffect } from 'react';
import { browser } from 'wxt/browser';
import { t } from '../../lib/i18n.ts';
import { PREFS_KEY, readPrefs, STATUS_KEY } from '../../lib/prefs.ts';
import { formatLatency, overallState, readStatus, type SiteStatus } from '../../lib/status.ts';
import { useStored } from '../../lib/ui.tsx';

const POLL_MS = 2_000;
const readStoredStatus = (value: unknown) => readStatus(value, WSRX_DEFAULT_API);

const stateColor: Record<WsrxState, string> = {
  [WsrxState.Invalid]: 'red',
  [WsrxState.Pending]: 'orange',
  [WsrxState.Usable]: 'green',
};
const stateText = {
  [WsrxState.Invalid]: 'state.invalid',
  [WsrxState.Pending]: 'state.pending',
  [WsrxState.Usable]: 'state.usable',
} as const;
const siteText = {
  [WsrxState.Invalid]: 'site.invalid',
  [WsrxState.Pending]: 'site.pending',
  [WsrxState.Usable]: 'site.usable',
} as const;

const check = () => browser.runtime.sendMessage({ type: 'pennon:check' }).catch(() => undefined);

export const Popup = () => {
  const status = useStored(STATUS_KEY, readStoredStatus);
  const prefs = useStored(PREFS_KEY, readPrefs);

  useEffect(() => {
    void check();
    const timer = setInterval(() => void check(), POLL_MS);
    return () => clearInterval(timer);
  }, []);

  if (!status || !prefs) return null;
  const { state, reason } = overallState(status, prefs.platforms);

  return (
    <Stack w={420} p="md" gap="sm">
      <Group justify="space-between">
        <Title order={4}>{t('app.name')}</Title>
        <Badge color={stateColor[state]} size="lg" data-testid="state" data-state={state}>
          {t(stateText[state])}
        </Badge>
      </Group>
      {reason && (
        <Text size="sm" c={state === WsrxState.Invalid ? 'red.4' : 'orange.4'} data-testid="reason">
          {t(`reason.${reason}`, { api: status.daemon.api })}
        </Text>
      )}
      <Group gap="lg">
        <Text size="sm">
          {t('daemon.address')}: <code data-testid="address">{status.daemon.api}</code>
        </Text>
        {status.daemon.version && (
          <Text size="sm">
            {t('daemon.version')}: <code data-testid="version">{status.daemon.version}</code>
          </Text>
        )}
      </Group>

      <Title order={5}>{t('sites.title')}</Title>
      {prefs.platforms.length === 0 && <Text size="sm">{t('sites.empty')}</Text>}
      {prefs.platforms.map((origin) => (
        <Site key={origin} origin={origin} site={status.sites[origin]} />
      ))}

      <Group justify="flex-end">
        <Button variant="default" size="xs" onClick={() => void check()}>
          {t('action.refresh')}
        </Button>
        <Button variant="light" size="xs" onClick={() => void browser.runtime.openOptionsPage()}>
          {t('action.options')}
        </Button>
      </Group>
    </Stack>
  );
};

const Site = ({ origin, site }: { origin: string; site: SiteStatus | undefined }) => (
  <Paper withBorder p="xs" data-testid="site" data-origin={origin}>
    <Group justify="space-between" mb={4}>
      <Anchor href={origin} target="_blank" rel="noreferrer" size="sm" fw={600} title={t('site.open')}>
        {site?.title || origin}
      </Anchor>
      {site && (
        <Badge variant="light" color={stateColor[site.state]} data-testid="site-state">
          {t(siteText[site.state])}
        </Badge>
      )}
    </Group>
    {!site ? (
      <Text size="xs" c="dimmed">
        {t('sites.unseen')}
      </Text>
    ) : site.instances.length === 0 ? (
      <Text size="xs" c="dimmed">
        {t('tunnels.none')}
      </Text>
    ) : (
      <Table fz="xs" verticalSpacing={2} horizontalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('tunnel.label')}</Table.Th>
            <Table.Th>{t('tunnel.local')}</Table.Th>
            <Table.Th>{t('tunnel.latency')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {site.instances.map((tunnel) => (
            <Table.Tr key={tunnel.local} data-testid="tunnel">
              <Table.Td>
                <Text fz="xs" data-testid="tunnel-label">
                  {tunnel.label}
                </Text>
                <Text
                  fz={10}
                  c="dimmed"
                  title={t('tunnel.remote')}
                  data-testid="tunnel-remote"
                  style={{ wordBreak: 'break-all' }}
                >
                  {tunnel.remote}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <code data-testid="tunnel-local">{tunnel.local}</code>
                  <CopyButton value={tunnel.local}>
                    {({ copied, copy }) => (
                      <ActionIcon
                        size="xs"
                        variant="subtle"
                        onClick={copy}
                        aria-label={copied ? t('tunnel.copied') : t('tunnel.copy')}
                      >
                        {copied ? '✓' : '⧉'}
                      </ActionIcon>
                    )}
                  </CopyButton>
                </Group>
              </Table.Td>
              <Table.Td>{formatLatency(tunnel.latency) ?? '–'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    )}
  </Paper>
);
