import { ActionIcon, Badge, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { PostInfoModel } from '@pennon/sdk';
import { IconPin, IconPinFilled, IconPinnedOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PostByline } from './PostByline.tsx';
import classes from './PostCard.module.css';
import { PostTags } from './PostTags.tsx';

export interface PostCardProps {
  post: PostInfoModel;
  /** Given (for admins): a pin / unpin button calling this. */
  onTogglePin?: () => void;
  pinBusy?: boolean;
  /** Heading level of the title within the page. */
  order?: 2 | 3;
}

/** A post in a list: title (the link to it), pinned marker, summary, tags and byline. */
export function PostCard({ post, onTogglePin, pinBusy, order = 2 }: PostCardProps) {
  const { t } = useTranslation();
  let pinButton: ReactNode = null;
  if (onTogglePin) {
    const label = post.isPinned ? t('post.unpin') : t('post.pin');
    pinButton = (
      <Tooltip label={label}>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`${label}: ${post.title}`}
          onClick={onTogglePin}
          loading={pinBusy}
          className={classes.action}
        >
          {post.isPinned ? <IconPinnedOff size={18} /> : <IconPin size={18} />}
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      className={classes.card}
      data-pinned={post.isPinned || undefined}
      data-testid="post-card"
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={order} size="h4" className={classes.title}>
            {/* The link covers the whole card (see the CSS); buttons sit above it. */}
            <Link to={`/posts/${post.id}`} className={classes.link}>
              {post.title}
            </Link>
          </Title>
          <Group gap={4} wrap="nowrap" className={classes.actions}>
            {post.isPinned && (
              <Badge
                variant="light"
                color="orange"
                leftSection={<IconPinFilled size={12} />}
                className={classes.badge}
              >
                {t('post.pinned')}
              </Badge>
            )}
            {pinButton}
          </Group>
        </Group>
        {post.summary && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {post.summary}
          </Text>
        )}
        <Stack gap="sm" mt="auto">
          <PostTags tags={post.tags} />
          <PostByline post={post} />
        </Stack>
      </Stack>
    </Card>
  );
}
