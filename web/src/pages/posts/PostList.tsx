import { SimpleGrid, Skeleton } from '@mantine/core';
import type { PostInfoModel } from '@pennon/sdk';
import { IconNews } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.ts';
import { LoadError } from '../../components/LoadError/index.ts';
import { StatePanel } from '../../components/StatePanel/index.ts';
import { notifyError, notifySuccess } from '../../utils/notify.ts';
import { PostCard } from './PostCard.tsx';
import { usePostsCache } from './usePosts.ts';

export interface PostListProps {
  posts: PostInfoModel[] | undefined;
  error: unknown;
  refresh: () => unknown;
  /** Admins get a pin / unpin button on each post. */
  canPin?: boolean;
  /** Heading level of the post titles. */
  order?: 2 | 3;
}

/** Posts as a grid of cards, with loading, failure and empty states. */
export function PostList({ posts, error, refresh, canPin = false, order }: PostListProps) {
  const { t } = useTranslation();
  const updateCache = usePostsCache();
  const [pinning, setPinning] = useState<string | null>(null);

  if (posts === undefined && error) {
    return <LoadError error={error} retry={refresh} title="post.load_failed" />;
  }
  if (posts === undefined) {
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" aria-busy>
        <Skeleton height={150} radius="md" />
        <Skeleton height={150} radius="md" />
      </SimpleGrid>
    );
  }
  if (posts.length === 0) {
    return <StatePanel icon={IconNews} title={t('post.empty.title')} message={t('post.empty.message')} />;
  }

  const togglePin = async (post: PostInfoModel) => {
    setPinning(post.id);
    try {
      const updated = await client.edit.updatePost(post.id, { isPinned: !post.isPinned });
      await updateCache(post.id, updated);
      notifySuccess(updated.isPinned ? t('post.pin_done') : t('post.unpin_done'));
    } catch (err) {
      notifyError(err, t, t('post.pin_failed'));
    } finally {
      setPinning(null);
    }
  };

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      {posts.map((post) => (
        <PostCard
          key={post.id}
          post={post}
          order={order}
          onTogglePin={canPin ? () => void togglePin(post) : undefined}
          pinBusy={pinning === post.id}
        />
      ))}
    </SimpleGrid>
  );
}
