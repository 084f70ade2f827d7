import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUser } from '../../api/useUser.ts';
import { PostList } from './PostList.tsx';
import { usePosts } from './usePosts.ts';

/** /posts: every post, pinned first; admins write new ones and (un)pin from here. */
export default function PostsPage() {
  const { t } = useTranslation();
  const { user } = useUser();
  const { posts, error, refresh } = usePosts('all');
  const isAdmin = user?.role === 'Admin';

  return (
    <Stack component="section" gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={1}>{t('page.posts.list')}</Title>
          <Text c="dimmed" size="sm">
            {t('post.subtitle')}
          </Text>
        </Stack>
        {isAdmin && (
          <Button component={Link} to="/posts/new/Edit" leftSection={<IconPlus size={16} />}>
            {t('post.new')}
          </Button>
        )}
      </Group>
      <PostList posts={posts} error={error} refresh={refresh} canPin={isAdmin} />
    </Stack>
  );
}
