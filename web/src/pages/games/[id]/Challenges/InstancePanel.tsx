import { ActionIcon, Button, Code, CopyButton, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ClientFlagContext } from '@pennon/sdk';
import { IconCheck, IconClockPlus, IconCopy, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../../api/client.ts';
import { useConfig } from '../../../../api/useConfig.ts';
import { notifyError, notifySuccess } from '../../../../utils/notify.ts';
import { useDurationText } from '../../lib/GameStatus.tsx';
import { canExtend } from '../../lib/logic.ts';
import { useNow } from '../../lib/useNow.ts';
import classes from './Challenges.module.css';

/**
 * The team's container for a container challenge: start it; while it runs, its entry (the WebSocket
 * tunnel URL in PlatformProxy mode) with a copy button, a live countdown to its stop time, extending
 * (only inside the renewal window) and destroying.
 */
export function InstancePanel(props: {
  gameId: number;
  challengeId: number;
  /** The challenge's title, which the destroy confirmation names. */
  title: string;
  context: ClientFlagContext;
  /** Re-reads the challenge after a change. */
  refresh: () => unknown;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { config } = useConfig();
  const now = useNow(1000);
  const duration = useDurationText();
  const [busy, setBusy] = useState<'create' | 'extend' | 'delete' | null>(null);
  const { instanceEntry, closeTime } = props.context;
  const running = Boolean(instanceEntry);
  const entry =
    instanceEntry && config.portMapping === 'PlatformProxy'
      ? client.proxy.proxyUrl(instanceEntry)
      : instanceEntry;

  const act = async (kind: 'create' | 'extend' | 'delete') => {
    setBusy(kind);
    try {
      if (kind === 'create') await client.game.createContainer(props.gameId, props.challengeId);
      else if (kind === 'extend') await client.game.extendContainer(props.gameId, props.challengeId);
      else await client.game.deleteContainer(props.gameId, props.challengeId);
      notifySuccess(t(`game.instance.${kind}_done`));
    } catch (err) {
      notifyError(err, t, t(`game.instance.${kind}_failed`));
    } finally {
      setBusy(null);
    }
    await props.refresh();
  };

  // Destroying loses whatever the team did inside: ask first.
  const confirmDestroy = () =>
    modals.openConfirmModal({
      title: t('game.instance.destroy_title'),
      centered: true,
      children: <Text size="sm">{t('game.instance.destroy_message', { challenge: props.title })}</Text>,
      labels: { confirm: t('game.instance.destroy'), cancel: t('common.button.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => void act('delete'),
    });

  const left = closeTime ? closeTime - now : 0;
  const extendable = closeTime !== null && canExtend(closeTime, now, config.renewalWindow);

  return (
    <Paper withBorder radius="md" p="sm" data-testid="instance">
      {running && entry ? (
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600}>
              {t('game.instance.running')}
            </Text>
            {closeTime && (
              <Text size="sm" ff="monospace" role="timer" c={extendable ? 'orange' : 'dimmed'}>
                {t('game.instance.stops_in', { time: duration(left) })}
              </Text>
            )}
          </Group>
          <Group gap={4} wrap="nowrap">
            <Code className={classes.entry} style={{ flex: 1 }} aria-label={t('game.instance.entry')}>
              {entry}
            </Code>
            <CopyButton value={entry}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('team.invite.copied') : t('game.instance.copy')} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    onClick={copy}
                    aria-label={t('game.instance.copy')}
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          {config.portMapping === 'PlatformProxy' && (
            <Text size="xs" c="dimmed">
              {t('game.instance.proxy_hint')}
            </Text>
          )}
          <Group gap="xs" justify="flex-end">
            <Tooltip
              label={t('game.instance.extend_hint', { minutes: config.renewalWindow })}
              disabled={extendable}
              withArrow
            >
              <Button
                size="xs"
                variant="light"
                leftSection={<IconClockPlus size={14} />}
                disabled={!extendable || props.disabled}
                loading={busy === 'extend'}
                onClick={() => void act('extend')}
              >
                {t('game.instance.extend', { minutes: config.extensionDuration })}
              </Button>
            </Tooltip>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} />}
              loading={busy === 'delete'}
              disabled={props.disabled}
              onClick={confirmDestroy}
            >
              {t('game.instance.destroy')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {t('game.instance.none', { minutes: config.defaultLifetime })}
          </Text>
          <Button
            size="xs"
            leftSection={<IconPlayerPlay size={14} />}
            loading={busy === 'create'}
            disabled={props.disabled}
            onClick={() => void act('create')}
          >
            {t('game.instance.start')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
