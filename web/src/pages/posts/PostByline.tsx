import { Avatar, Group, Text } from '@mantine/core';
import type { PostInfoModel } from '@pennon/sdk';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../components/RelativeTime/index.ts';
import { initialsOf } from '../../components/UserMenu/initials.ts';

/** Who wrote a post, and when: the author's avatar and name, then the relative time. */
export function PostByline({ post, size = 'sm' }: { post: PostInfoModel; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const name = post.authorName ?? t('post.unknown_author');
  return (
    <Group gap={8} wrap="nowrap" miw={0}>
      <Avatar
        src={post.authorAvatar}
        alt=""
        size={size === 'sm' ? 24 : 32}
        radius="xl"
        color="initials"
        name={name}
      >
        {initialsOf(name)}
      </Avatar>
      <Text size={size} fw={500} truncate>
        {name}
      </Text>
      <Text size={size} c="dimmed" aria-hidden>
        ·
      </Text>
      <RelativeTime time={post.time} size={size} c="dimmed" style={{ whiteSpace: 'nowrap' }} />
    </Group>
  );
}
