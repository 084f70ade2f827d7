import { Avatar, Badge, Card, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { Blood, ChallengeInfo } from '@pennon/sdk';
import { IconCircleCheckFilled, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { initialsOf } from '../../../../components/UserMenu/initials.ts';
import { categoryStyle } from '../../lib/categories.tsx';
import classes from './Challenges.module.css';

/** Gold, silver, bronze. */
export const MEDAL_COLORS = ['#f5c518', '#c0c7d0', '#cd7f32'] as const;
export const BLOOD_KEYS = ['first', 'second', 'third'] as const;

/** The first three solvers as medal-ringed avatars. */
export function Bloods({ bloods }: { bloods: Blood[] }) {
  const { t } = useTranslation();
  if (bloods.length === 0) return null;
  return (
    <Avatar.Group spacing={6}>
      {bloods.slice(0, 3).map((blood, index) => (
        <Tooltip key={blood.id} label={`${t(`game.blood.${BLOOD_KEYS[index]}`)}: ${blood.name}`} withArrow>
          <Avatar
            src={blood.avatar}
            size={26}
            radius="xl"
            alt={`${t(`game.blood.${BLOOD_KEYS[index]}`)}: ${blood.name}`}
            style={{ border: `2px solid ${MEDAL_COLORS[index]}` }}
          >
            {initialsOf(blood.name)}
          </Avatar>
        </Tooltip>
      ))}
    </Avatar.Group>
  );
}

/** One challenge on the board; a button opening the challenge. */
export function ChallengeCard(props: { challenge: ChallengeInfo; solved: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  const { challenge, solved } = props;
  const style = categoryStyle(challenge.category);
  return (
    <UnstyledButton
      onClick={props.onOpen}
      className={classes.cardButton}
      aria-label={`${challenge.title}, ${t('game.challenge.points', { count: challenge.score })}${solved ? `, ${t('game.challenge.solved')}` : ''}`}
      data-testid="challenge-card"
      data-solved={solved || undefined}
    >
      <Card
        withBorder
        radius="md"
        padding="md"
        className={classes.card}
        style={{ '--category-color': `var(--mantine-color-${style.color}-filled)` }}
        data-solved={solved || undefined}
      >
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={600} lineClamp={1} className={classes.cardTitle}>
              {challenge.title}
            </Text>
            {solved && (
              <IconCircleCheckFilled size={20} color="var(--mantine-color-teal-filled)" aria-hidden />
            )}
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={700} size="xl" ff="monospace" c={style.color}>
              {challenge.score}
              <Text span size="xs" c="dimmed" ml={4} fw={400}>
                {t('game.challenge.pts')}
              </Text>
            </Text>
            <Bloods bloods={challenge.bloods} />
          </Group>
          <Group justify="space-between" gap="xs">
            <Group gap={4} wrap="nowrap">
              <IconUsers size={14} aria-hidden />
              <Text size="xs" c="dimmed">
                {t('game.challenge.solves', { count: challenge.solved })}
              </Text>
            </Group>
            {challenge.deadline && challenge.deadline > 0 && (
              <Badge size="xs" variant="light" color="orange">
                {t('game.challenge.has_deadline')}
              </Badge>
            )}
          </Group>
        </Stack>
      </Card>
    </UnstyledButton>
  );
}
