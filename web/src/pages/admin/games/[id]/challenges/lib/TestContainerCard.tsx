import { ActionIcon, Button, Code, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import type { ContainerInfoModel } from '@pennon/sdk';
import { IconCheck, IconCopy, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../../../../api/client.ts';
import { useConfig } from '../../../../../../api/useConfig.ts';
import { notifyError, notifySuccess } from '../../../../../../utils/notify.ts';
import { EditSection } from './EditSection.tsx';

/**
 * The author's test container (team "admin", the test flag), started from the saved settings: where to reach
 * it, and start/stop. In PlatformProxy mode its entry is a WebSocket tunnel address.
 */
export function TestContainerCard({
  gameId,
  challengeId,
  container,
  refresh,
}: {
  gameId: number;
  challengeId: number;
  container: ContainerInfoModel | null;
  refresh: () => unknown;
}) {
  const { t } = useTranslation();
  const { config } = useConfig();
  const [busy, setBusy] = useState(false);
  const entry =
    container &&
    (config.portMapping === 'PlatformProxy' ? client.proxy.testProxyUrl(container.entry) : container.entry);

  const act = async (start: boolean) => {
    setBusy(true);
    try {
      if (start) await client.edit.createTestContainer(gameId, challengeId);
      else await client.edit.deleteTestContainer(gameId, challengeId);
      notifySuccess(t(start ? 'admin.challenge.test.started' : 'admin.challenge.test.stopped'));
    } catch (err) {
      notifyError(
        err,
        t,
        t(start ? 'admin.challenge.test.start_failed' : 'admin.challenge.test.stop_failed'),
      );
    } finally {
      setBusy(false);
    }
    await refresh();
  };

  return (
    <EditSection title={t('admin.challenge.test.heading')}>
      {entry ? (
        <Group gap={4} wrap="nowrap">
          <Code
            style={{ flex: 1, overflowWrap: 'anywhere' }}
            aria-label={t('admin.challenge.test.entry')}
            data-testid="test-entry"
          >
            {entry}
          </Code>
          <CopyButton value={entry}>
            {({ copied, copy }) => (
              <Tooltip
                label={t(copied ? 'admin.challenge.test.copied' : 'admin.challenge.test.copy')}
                withArrow
              >
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  onClick={copy}
                  aria-label={t('admin.challenge.test.copy')}
                >
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('admin.challenge.test.none')}
        </Text>
      )}
      <Group gap="xs">
        {entry ? (
          <Button
            color="red"
            variant="light"
            leftSection={<IconPlayerStop size={16} />}
            loading={busy}
            onClick={() => void act(false)}
          >
            {t('admin.challenge.test.stop')}
          </Button>
        ) : (
          <Button leftSection={<IconPlayerPlay size={16} />} loading={busy} onClick={() => void act(true)}>
            {t('admin.challenge.test.start')}
          </Button>
        )}
      </Group>
    </EditSection>
  );
}
