import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { HintModel } from '@pennon/sdk';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../../api/client.ts';
import { Markdown } from '../../../../components/Markdown/index.tsx';
import { notifyError } from '../../../../utils/notify.ts';

/**
 * A challenge's titled hints (issue #44): a locked one shows its title and what it costs the team now, and unlocks
 * after a confirmation naming that cost; an unlocked or free one shows its content.
 */
export function CostedHints(props: {
  gameId: number;
  challengeId: number;
  hints: HintModel[];
  /** After an unlock (to reload the challenge and the team's score). */
  onUnlocked: () => unknown;
}) {
  const { t } = useTranslation();
  const [unlocking, setUnlocking] = useState<number | null>(null);

  const unlock = async (hint: HintModel) => {
    setUnlocking(hint.id);
    try {
      await client.game.unlockHint(props.gameId, props.challengeId, hint.id);
      await props.onUnlocked();
    } catch (err) {
      notifyError(err, t, t('game.hint.failed'));
    } finally {
      setUnlocking(null);
    }
  };

  const confirm = (hint: HintModel) => {
    const cost = t('game.challenge.points', { count: hint.cost });
    modals.openConfirmModal({
      title: t('game.hint.confirm_title'),
      centered: true,
      children: <Text size="sm">{t('game.hint.confirm_message', { title: hint.title, cost })}</Text>,
      labels: { confirm: t('game.hint.confirm', { cost }), cancel: t('common.button.cancel') },
      onConfirm: () => void unlock(hint),
    });
  };

  return (
    <Stack gap="xs" data-testid="costed-hints">
      <Title order={3} size="h6">
        {t('game.hint.title')}
      </Title>
      {props.hints.map((hint) => (
        <Paper key={hint.id} withBorder radius="md" p="sm" data-testid="costed-hint">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              {hint.unlocked ? <IconLockOpen size={16} aria-hidden /> : <IconLock size={16} aria-hidden />}
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {hint.title}
              </Text>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Badge variant="light" color={hint.cost === 0 ? 'teal' : 'orange'}>
                {hint.cost === 0 ? t('game.hint.free') : t('game.challenge.points', { count: hint.cost })}
              </Badge>
              {!hint.unlocked && (
                <Button size="xs" loading={unlocking === hint.id} onClick={() => confirm(hint)}>
                  {t('game.hint.unlock')}
                </Button>
              )}
            </Group>
          </Group>
          {hint.content !== null && <Markdown source={hint.content} fz="sm" mt="xs" />}
        </Paper>
      ))}
    </Stack>
  );
}
