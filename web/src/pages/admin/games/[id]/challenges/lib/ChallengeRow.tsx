import { ActionIcon, Anchor, Badge, Group, Paper, Switch, Text, ThemeIcon, Tooltip } from '@mantine/core';
import type { ChallengeInfoModel } from '@pennon/sdk';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { categoryStyle } from '../../../../../games/lib/categories.tsx';

/** One challenge of the admin list: a link to it, its type, score and solves, the enable switch and delete. */
export function ChallengeRow({
  gameId,
  challenge,
  solves,
  toggling,
  onToggle,
  onDelete,
}: {
  gameId: number;
  challenge: ChallengeInfoModel;
  /** Unknown (no scoreboard yet) when undefined. */
  solves: number | undefined;
  toggling: boolean;
  onToggle: (enabled: boolean) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { icon: Icon, color } = categoryStyle(challenge.category);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="admin-challenge" data-title={challenge.title}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 16rem' }}>
          <ThemeIcon variant="light" color={color} aria-hidden>
            <Icon size={18} />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Anchor
              component={Link}
              to={`/admin/games/${gameId}/challenges/${challenge.id}`}
              fw={600}
              style={{ overflowWrap: 'anywhere' }}
            >
              {challenge.title}
            </Anchor>
            <Group gap={6} mt={2}>
              <Badge size="sm" variant="light" color="gray">
                {t(`admin.challenge.type.${challenge.type}`)}
              </Badge>
              <Text size="xs" c="dimmed">
                {t('admin.challenge.list.score', {
                  score: challenge.score,
                  original: challenge.originalScore,
                  min: challenge.minScore,
                })}
              </Text>
              <Text size="xs" c="dimmed">
                {solves === undefined
                  ? t('admin.challenge.list.solves_unknown')
                  : t('admin.challenge.list.solves', { count: solves })}
              </Text>
            </Group>
          </div>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Switch
            checked={challenge.isEnabled}
            disabled={toggling}
            onChange={(event) => onToggle(event.currentTarget.checked)}
            label={t('admin.challenge.field.enabled')}
            aria-label={t('admin.challenge.list.enable', { title: challenge.title })}
          />
          <Tooltip label={t('admin.challenge.delete.action')} withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('admin.challenge.delete.label', { title: challenge.title })}
              onClick={onDelete}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}
