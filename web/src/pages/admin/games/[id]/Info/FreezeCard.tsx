import { Button, Text } from '@mantine/core';
import type { GameInfoModel } from '@pennon/sdk';
import { IconSnowflakeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../../../api/client.ts';
import { dateTimeFormat } from '../../../../../i18n/formats.ts';
import { notifyError, notifySuccess } from '../../../../../utils/notify.ts';
import { AdminCard } from '../../../lib/AdminCard.tsx';

/** Where the game's scoreboard freeze stands, and once the game has ended, the reveal of its final board. */
export function FreezeCard({ game, onRevealed }: { game: GameInfoModel; onRevealed: () => void }) {
  const { t, i18n } = useTranslation();
  const [revealing, setRevealing] = useState(false);
  const format = dateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const { freezeAt, freezeRevealedAt } = game;

  const reveal = async () => {
    setRevealing(true);
    try {
      await client.edit.revealScoreboard(game.id);
      notifySuccess(t('admin.game.freeze.reveal_done'));
      onRevealed();
    } catch (err) {
      notifyError(err, t, t('admin.game.freeze.reveal_failed'));
    } finally {
      setRevealing(false);
    }
  };

  return (
    <AdminCard title={t('admin.game.freeze.title')}>
      {freezeAt === undefined ? (
        <Text size="sm" c="dimmed">
          {t('admin.game.freeze.none')}
        </Text>
      ) : freezeRevealedAt !== undefined ? (
        <Text size="sm">{t('admin.game.freeze.revealed', { time: format.format(freezeRevealedAt) })}</Text>
      ) : (
        <>
          <Text size="sm">{t('admin.game.freeze.frozen_since', { time: format.format(freezeAt) })}</Text>
          <Text size="xs" c="dimmed">
            {t('admin.game.freeze.reveal_hint')}
          </Text>
          <Button
            variant="light"
            leftSection={<IconSnowflakeOff size={16} />}
            loading={revealing}
            disabled={Date.now() < game.end}
            onClick={() => void reveal()}
          >
            {t('admin.game.freeze.reveal')}
          </Button>
        </>
      )}
    </AdminCard>
  );
}
