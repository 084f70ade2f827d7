import { Avatar, Badge, Button, Card, Checkbox, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import type { Division, ParticipationInfoModel } from '@pennon/sdk';
import { IconBan, IconCheck, IconCrown, IconPlayerPause } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../../../components/Markdown/index.tsx';
import { initialsOf } from '../../../../../components/UserMenu/initials.ts';
import { PARTICIPATION_COLORS } from '../../../../games/lib/participationColors.ts';
import { NO_DIVISION, REVIEW_STATUSES, type ReviewStatus, teamName } from './review.ts';

const ACTION: Record<ReviewStatus, { key: string; icon: ReactNode; color: string }> = {
  Accepted: { key: 'admin.game.review.accept', icon: <IconCheck size={16} />, color: 'teal' },
  Rejected: { key: 'admin.game.review.reject', icon: <IconBan size={16} />, color: 'red' },
  Suspended: { key: 'admin.game.review.suspend', icon: <IconPlayerPause size={16} />, color: 'orange' },
};

/** One team's participation: its members, division and status, with the review actions. */
export function ParticipationCard({
  participation,
  divisions,
  busy,
  selected,
  onSelect,
  onStatus,
  onDivision,
}: {
  participation: ParticipationInfoModel;
  divisions: Division[];
  busy: boolean;
  /** Whether it is among the participations a bulk action applies to. */
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onStatus: (status: ReviewStatus) => void;
  onDivision: (divisionId: number | null) => void;
}) {
  const { t } = useTranslation();
  const { team, status } = participation;
  const name = teamName(participation);
  const registered = new Set(participation.registeredMembers);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={name}
      data-testid="participation"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Checkbox
              aria-label={t('admin.game.review.select', { team: name })}
              checked={selected}
              onChange={(event) => onSelect(event.currentTarget.checked)}
            />
            <Avatar src={team.avatar} alt="" radius="xl">
              {initialsOf(name)}
            </Avatar>
            <Stack gap={0} miw={0}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
              {team.bio && <Markdown source={team.bio} fz="xs" c="dimmed" data-testid="team-bio" />}
            </Stack>
          </Group>
          <Badge color={PARTICIPATION_COLORS[status]} variant="light" data-testid="participation-status">
            {t(`game.participation.status.${status}`)}
          </Badge>
        </Group>
        <Group gap={6} aria-label={t('admin.game.review.members')}>
          {team.members.map((member) => {
            const joined = registered.has(member.userId);
            return (
              <Tooltip
                key={member.userId}
                label={joined ? t('admin.game.review.registered') : t('admin.game.review.not_registered')}
              >
                <Badge
                  variant={joined ? 'light' : 'outline'}
                  color={joined ? undefined : 'gray'}
                  leftSection={
                    member.userId === team.captainId ? (
                      <IconCrown size={12} aria-label={t('admin.game.review.captain')} />
                    ) : null
                  }
                  style={{ textTransform: 'none' }}
                >
                  {member.userName ?? member.email}
                </Badge>
              </Tooltip>
            );
          })}
        </Group>
        <Group justify="space-between" align="flex-end" gap="sm">
          <Select
            label={t('admin.game.review.division')}
            aria-label={t('admin.game.review.division_of', { team: name })}
            data={[
              { value: NO_DIVISION, label: t('admin.game.review.no_division') },
              ...divisions.map((d) => ({ value: String(d.id), label: d.name })),
            ]}
            value={participation.divisionId === null ? NO_DIVISION : String(participation.divisionId)}
            onChange={(value) => value && onDivision(value === NO_DIVISION ? null : Number(value))}
            allowDeselect={false}
            disabled={busy}
            w={{ base: '100%', xs: 220 }}
          />
          <Group gap="xs">
            {REVIEW_STATUSES.filter((next) => next !== status).map((next) => (
              <Button
                key={next}
                size="xs"
                variant="light"
                color={ACTION[next].color}
                leftSection={ACTION[next].icon}
                disabled={busy}
                aria-label={`${t(ACTION[next].key)} ${name}`}
                onClick={() => onStatus(next)}
              >
                {t(ACTION[next].key)}
              </Button>
            ))}
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
