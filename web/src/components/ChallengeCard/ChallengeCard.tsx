import { Avatar, Badge, Card, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { Blood, ChallengeInfo } from '@pennon/sdk';
import { IconCircleCheckFilled, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../../i18n/useNumberFormat.ts';
import { categoryStyle } from '../../pages/games/lib/categories.tsx';
import { initialsOf } from '../UserMenu/initials.ts';
import classes from './ChallengeCard.module.css';
import { BLOOD_KEYS, MEDAL_COLORS } from './medals.ts';

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

export interface ChallengeCardProps {
  challenge: ChallengeInfo;
  solved: boolean;
  /** Makes the card a button opening the challenge; without it the card only shows. */
  onOpen?: () => void;
  /** Names the category too (the board shows it in its group heading instead). */
  withCategory?: boolean;
  /** Opened to the team while the page was open (a staged release): marked new until solved. */
  fresh?: boolean;
}

/** One challenge: its title, current score, first solvers and solve count, in its category's colour. */
export function ChallengeCard({ challenge, solved, onOpen, withCategory, fresh }: ChallengeCardProps) {
  const format = useNumberFormat();
  const { t } = useTranslation();
  const style = categoryStyle(challenge.category);
  const CategoryIcon = style.icon;
  const card = (
    <Card
      withBorder
      radius="md"
      padding="md"
      className={classes.card}
      style={{ '--category-color': `var(--mantine-color-${style.color}-filled)` }}
      data-solved={solved || undefined}
      {...(!onOpen && { 'data-testid': 'challenge-card' })}
    >
      <Stack gap={6}>
        {withCategory && (
          <Group gap={4} wrap="nowrap">
            <CategoryIcon size={14} color={`var(--mantine-color-${style.color}-filled)`} aria-hidden />
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {challenge.category}
            </Text>
          </Group>
        )}
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} lineClamp={1} className={classes.cardTitle}>
            {challenge.title}
          </Text>
          {fresh && !solved && (
            <Badge color="grape" variant="light" size="sm" data-testid="new-badge">
              {t('game.challenge.new')}
            </Badge>
          )}
          {solved && (
            <Badge
              color="teal"
              variant="filled"
              size="sm"
              leftSection={<IconCircleCheckFilled size={12} aria-hidden />}
              className={classes.solvedBadge}
              data-testid="solved-badge"
            >
              {t('game.challenge.solved')}
            </Badge>
          )}
        </Group>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700} size="xl" ff="monospace" c={style.color}>
            {format(challenge.score)}
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
  );
  if (!onOpen) return card;
  // The button is named by what the card shows (title, score, solves, solved), so speech matches sight.
  return (
    <UnstyledButton
      onClick={onOpen}
      className={classes.cardButton}
      data-testid="challenge-card"
      data-solved={solved || undefined}
    >
      {card}
    </UnstyledButton>
  );
}
