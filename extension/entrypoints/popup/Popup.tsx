// The toolbar popup: in plain words whether the daemon works (and if not, why and what to do), its version
// and address, and the sites with their tunnels. Once paired with pennon-wsrx, a site that waits for
// approval can be approved or refused here. While open it asks the background to check every 2 s.
import {
  ActionIcon,
  Alert,
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
import { WSRX_DEFAULT_API, type WsrxInstance, WsrxState } from '@pennon/sdk/wsrx';
import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { t } from '../../lib/i18n.ts';
import { PREFS_KEY, readPrefs, STATUS_KEY } from '../../lib/prefs.ts';
import {
  type ControlState,
  formatLatency,
  type Headline,
  listedSites,
  overallState,
  readStatus,
  type SiteStatus,
  tunnelUp,
} from '../../lib/status.ts';
import { useStored } from '../../lib/ui.tsx';

const POLL_MS = 2_000;
const readStoredStatus = (value: unknown) => readStatus(value, WSRX_DEFAULT_API);

const stateColor: Record<WsrxState, string> = {
  [WsrxState.Invalid]: 'red',
  [WsrxState.Pending]: 'orange',
  [WsrxState.Usable]: 'green',
};
const siteText = {
  [WsrxState.Invalid]: 'site.invalid',
  [WsrxState.Pending]: 'site.pending',
  [WsrxState.Usable]: 'site.usable',
} as const;

const check = () => browser.runtime.sendMessage({ type: 'pennon:check' }).catch(() => undefined);

/** What to do next, for the headline (awaiting approval depends on whether the popup can approve). */
const nextStep = (headline: Headline, paired: boolean) =>
  headline === 'awaiting_approval'
    ? t(paired ? 'next.awaiting_approval.paired' : 'next.awaiting_approval.unpaired')
    : t(`next.${headline}`);

export const Popup = () => {
  const status = useStored(STATUS_KEY, readStoredStatus);
  const prefs = useStored(PREFS_KEY, readPrefs);

  useEffect(() => {
    void check();
    const timer = setInterval(() => void check(), POLL_MS);
    return () => clearInterval(timer);
  }, []);

  if (!status || !prefs) return null;
  const { state, headline, waiting } = overallState(status, prefs.platforms);
  const paired = status.control === 'ok';
  const sites = listedSites(status, prefs.platforms);
  const unseen = prefs.platforms.filter((origin) => !status.sites[origin]);
  const vars = {
    api: status.daemon.api,
    version: status.daemon.version ?? '',
    site: waiting ? waiting.title || waiting.origin : '',
    origin: waiting?.origin ?? '',
  };

  return (
    <Stack w={440} p="md" gap="sm">
      <Group justify="space-between">
        <Title order={4}>{t('app.name')}</Title>
        <Badge color={stateColor[state]} size="lg" tt="none" data-testid="state" data-state={state}>
          {t(`headline.${headline}`)}
        </Badge>
      </Group>
      <Alert color={stateColor[state]} variant="light" p="xs">
        <Text size="sm" data-testid="reason">
          {t(`reason.${headline}`, vars)}
        </Text>
        <Text size="sm" fw={600} mt={4} data-testid="next">
          {nextStep(headline, paired)}
        </Text>
      </Alert>
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
      <ControlProblem control={status.control} />

      <Title order={5}>{t('sites.title')}</Title>
      {sites.length === 0 && unseen.length === 0 && <Text size="sm">{t('sites.empty')}</Text>}
      {sites.map((site) => (
        <Site key={site.origin} site={site} paired={paired} />
      ))}
      {unseen.map((origin) => (
        <Paper key={origin} withBorder p="xs" data-testid="site" data-origin={origin}>
          <SiteLink origin={origin} title="" />
          <Text size="xs" c="dimmed">
            {t('sites.unseen')}
          </Text>
        </Paper>
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

const ControlProblem = ({ control }: { control: ControlState }) =>
  control && control !== 'ok' ? (
    <Text size="xs" c="orange.4" data-testid="control-problem">
      {t(`control.${control}`)}
    </Text>
  ) : null;

const SiteLink = ({ origin, title }: { origin: string; title: string }) => (
  <Anchor href={origin} target="_blank" rel="noreferrer" size="sm" fw={600} title={t('site.open')}>
    {title || origin}
  </Anchor>
);

const Site = ({ site, paired }: { site: SiteStatus; paired: boolean }) => (
  <Paper withBorder p="xs" data-testid="site" data-origin={site.origin}>
    <Group justify="space-between" mb={4} wrap="nowrap">
      <Stack gap={0}>
        <SiteLink origin={site.origin} title={site.title} />
        {site.title && (
          <Text size="xs" c="dimmed">
            {site.origin}
          </Text>
        )}
      </Stack>
      <Badge
        variant="light"
        color={site.refused ? 'gray' : stateColor[site.state]}
        data-testid="site-state"
        data-refused={site.refused ? 'true' : undefined}
      >
        {t(site.refused ? 'site.refused' : siteText[site.state])}
      </Badge>
    </Group>
    {site.state === WsrxState.Pending && paired && <Decide origin={site.origin} />}
    {site.instances.length === 0 ? (
      site.state === WsrxState.Usable && (
        <Text size="xs" c="dimmed">
          {t('tunnels.none')}
        </Text>
      )
    ) : (
      <Tunnels tunnels={site.instances} />
    )}
  </Paper>
);

/** Approve or refuse, through the background (which holds the control API's token). */
const Decide = ({ origin }: { origin: string }) => {
  const [busy, setBusy] = useState<'approve' | 'refuse' | null>(null);
  const [failed, setFailed] = useState(false);
  const send = async (approve: boolean) => {
    setBusy(approve ? 'approve' : 'refuse');
    const answer = (await browser.runtime
      .sendMessage({ type: 'pennon:decide', origin, approve })
      .catch((error: unknown) => ({ error: String(error) }))) as { error?: string } | undefined;
    setFailed(Boolean(answer?.error));
    setBusy(null);
  };
  return (
    <Stack gap={4} mb={4}>
      <Group gap="xs">
        <Button
          size="compact-sm"
          color="green"
          loading={busy === 'approve'}
          disabled={busy !== null}
          onClick={() => void send(true)}
          data-testid="approve"
        >
          {t('site.approve')}
        </Button>
        <Button
          size="compact-sm"
          color="red"
          variant="light"
          loading={busy === 'refuse'}
          disabled={busy !== null}
          onClick={() => void send(false)}
          data-testid="refuse"
        >
          {t('site.refuse')}
        </Button>
      </Group>
      {failed && (
        <Text size="xs" c="red.4" data-testid="decide-failed">
          {t('site.decideFailed')}
        </Text>
      )}
    </Stack>
  );
};

const Tunnels = ({ tunnels }: { tunnels: WsrxInstance[] }) => (
  <Table fz="xs" verticalSpacing={2} horizontalSpacing={4}>
    <Table.Thead>
      <Table.Tr>
        <Table.Th>{t('tunnel.label')}</Table.Th>
        <Table.Th>{t('tunnel.local')}</Table.Th>
        <Table.Th w={90}>{t('tunnel.latency')}</Table.Th>
      </Table.Tr>
    </Table.Thead>
    <Table.Tbody>
      {tunnels.map((tunnel) => {
        const up = tunnelUp(tunnel);
        return (
          <Table.Tr key={tunnel.local} data-testid="tunnel">
            <Table.Td>
              <Text fz="xs" fw={600} data-testid="tunnel-label">
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
                      title={copied ? t('tunnel.copied') : t('tunnel.copy')}
                      data-testid="tunnel-copy"
                    >
                      {copied ? '✓' : '⧉'}
                    </ActionIcon>
                  )}
                </CopyButton>
              </Group>
            </Table.Td>
            <Table.Td>
              <Stack gap={2} align="flex-start">
                <Badge
                  size="xs"
                  variant="dot"
                  tt="none"
                  color={up ? 'green' : 'red'}
                  data-testid="tunnel-up"
                  data-up={String(up)}
                >
                  {t(up ? 'tunnel.up' : 'tunnel.down')}
                </Badge>
                <Text fz="xs" c="dimmed" data-testid="tunnel-latency">
                  {formatLatency(tunnel.latency) ?? ''}
                </Text>
              </Stack>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </Table.Tbody>
  </Table>
);
