import { Anchor, Badge, Button, Divider, Group, Skeleton, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconPinFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useUser } from '../../../api/useUser.ts';
import { usePageName } from '../../../app/pageTitle.tsx';
import { Markdown } from '../../../components/Markdown/index.tsx';
import { PostByline } from '../PostByline.tsx';
import { PostLoadError, PostNotFound } from '../PostState.tsx';
import { PostTags } from '../PostTags.tsx';
import { usePost } from '../usePosts.ts';

/** /posts/{postId}: one post, its Markdown rendered. */
export default function PostPage() {
  const { t } = useTranslation();
  const { postId = '' } = useParams();
  const { user } = useUser();
  const { post, error, notFound, refresh } = usePost(postId);

  usePageName(post?.title);

  const back = (
    <Anchor component={Link} to="/posts" size="sm" c="dimmed">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} />
        {t('post.back')}
      </Group>
    </Anchor>
  );

  if (notFound) return <PostNotFound />;
  if (!post && error) return <PostLoadError error={error} retry={refresh} />;
  if (!post) {
    return (
      <Stack gap="md" maw={860} mx="auto" aria-busy>
        <Skeleton height={36} width="60%" />
        <Skeleton height={20} width="30%" />
        <Skeleton height={240} />
      </Stack>
    );
  }

  return (
    <Stack component="article" gap="md" maw={860} mx="auto" w="100%">
      {back}
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {post.title}
          </Title>
          {user?.role === 'Admin' && (
            <Button
              component={Link}
              to={`/posts/${post.id}/Edit`}
              variant="default"
              leftSection={<IconPencil size={16} />}
            >
              {t('post.edit')}
            </Button>
          )}
        </Group>
        <Group gap="sm">
          <PostByline post={post} size="md" />
          {post.isPinned && (
            <Badge variant="light" color="orange" leftSection={<IconPinFilled size={12} />}>
              {t('post.pinned')}
            </Badge>
          )}
        </Group>
        <PostTags tags={post.tags} />
      </Stack>
      <Divider />
      <Markdown source={post.content} data-testid="post-content" />
    </Stack>
  );
}
