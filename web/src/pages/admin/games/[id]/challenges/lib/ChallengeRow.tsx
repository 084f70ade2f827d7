import { ActionIcon, Anchor, Badge, Group, Paper, Switch, Text, ThemeIcon, Tooltip } from '@mantine/core';
import type { ChallengeInfoModel } from '@pennon/sdk';
import { IconClock, IconLock, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateTimeFormat, listFormat } from '../../../../../../i18n/formats.ts';
import { categoryStyle } from '../../../../../games/lib/categories.tsx';

/**
 * One challenge of the admin list: a link to it, its type, score and solves, its staged release (when it opens and
 * what it waits for), the enable switch and delete.
 */
export function ChallengeRow({
  gameId,
  challenge,
  titles,
  solves,
  toggling,
  onToggle,
  onDelete,
}: {
  gameId: number;
  challenge: ChallengeInfoModel;
  /** Every challenge's title by id, to name what this one waits for. */
  titles: ReadonlyMap<number, string>;
  /** Unknown (no scoreboard yet) when undefined. */
  solves: number | undefined;
  toggling: boolean;
  onToggle: (enabled: boolean) => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { icon: Icon, color } = categoryStyle(challenge.category);
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const waitsFor = challenge.prerequisites ?? [];
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
            {(challenge.releaseAt != null || waitsFor.length > 0) && (
              <Group gap={6} mt={2} data-testid="release">
                {challenge.releaseAt != null && (
                  <Badge size="sm" variant="light" color="grape" leftSection={<IconClock size={12} />}>
                    {t('admin.challenge.list.opens_at', {
                      time: dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
                        challenge.releaseAt,
                      ),
                    })}
                  </Badge>
                )}
                {waitsFor.length > 0 && (
                  <Badge size="sm" variant="light" color="indigo" leftSection={<IconLock size={12} />}>
                    {t('admin.challenge.list.waits_for', {
                      titles: listFormat(locale, { type: 'conjunction' }).format(
                        waitsFor.map((id) => titles.get(id) ?? `#${id}`),
                      ),
                    })}
                  </Badge>
                )}
              </Group>
            )}
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
