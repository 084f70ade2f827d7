import {
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Switch,
  Tabs,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import type { PostDetailModel } from '@pennon/sdk';
import { IconDeviceFloppy, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { client } from '../../../../api/client.ts';
import { useUser } from '../../../../api/useUser.ts';
import { SessionLoader } from '../../../../components/AccountCard/index.ts';
import { ConfirmSubject } from '../../../../components/ConfirmSubject/index.ts';
import { Markdown } from '../../../../components/Markdown/index.tsx';
import { monospaceInput } from '../../../../theme';
import { notifyError, notifySuccess } from '../../../../utils/notify.ts';
import { loginPath } from '../../../../utils/redirect.ts';
import { PostForbidden, PostLoadError, PostNotFound } from '../../PostState.tsx';
import { usePost, usePostsCache } from '../../usePosts.ts';

const TITLE_MAX = 50;
const NEW_POST = 'new';

/** /posts/{postId}/Edit: admins write a post (`new`) or change one. */
export default function EditPostPage() {
  const location = useLocation();
  const { postId = '' } = useParams();
  const { user, status } = useUser();
  const isNew = postId.toLowerCase() === NEW_POST;
  const isAdmin = user?.role === 'Admin';
  const { post, error, notFound, refresh } = usePost(isAdmin && !isNew ? postId : null);

  if (status === 'signedOut')
    return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  if (!user) return <SessionLoader />;
  if (!isAdmin) return <PostForbidden />;
  if (!isNew) {
    if (notFound) return <PostNotFound />;
    if (!post && error) return <PostLoadError error={error} retry={refresh} />;
    if (!post) {
      return (
        <Stack gap="md" aria-busy>
          <Skeleton height={36} width="40%" />
          <Skeleton height={400} radius="md" />
        </Stack>
      );
    }
  }
  return <PostEditor key={post?.id ?? NEW_POST} post={isNew ? undefined : post} />;
}

interface PostValues {
  title: string;
  summary: string;
  tags: string[];
  content: string;
  isPinned: boolean;
}

function PostEditor({ post }: { post: PostDetailModel | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const updateCache = usePostsCache();
  const [tab, setTab] = useState<string | null>('write');
  const [deleting, setDeleting] = useState(false);
  const form = useForm<PostValues>({
    initialValues: {
      title: post?.title ?? '',
      summary: post?.summary ?? '',
      tags: post?.tags ?? [],
      content: post?.content ?? '',
      isPinned: post?.isPinned ?? false,
    },
    validateInputOnBlur: true,
    validate: {
      title: (value) =>
        !value.trim()
          ? t('post.form.title_required')
          : value.trim().length > TITLE_MAX
            ? t('account.validation.too_long', { max: TITLE_MAX })
            : null,
    },
  });

  const submit = form.onSubmit(async (values) => {
    const body = {
      title: values.title.trim(),
      summary: values.summary.trim(),
      tags: values.tags.map((tag) => tag.trim()).filter(Boolean),
      content: values.content,
    };
    try {
      let id: string;
      if (post) {
        id = post.id;
        let saved = await client.edit.updatePost(id, { ...body, isPinned: null });
        // A given `isPinned` changes nothing but the pin: a separate call.
        if (values.isPinned !== post.isPinned) {
          saved = await client.edit.updatePost(id, { isPinned: values.isPinned });
        }
        await updateCache(id, saved);
      } else {
        id = await client.edit.createPost({ ...body, isPinned: values.isPinned });
        await updateCache(id);
      }
      form.resetDirty();
      notifySuccess(t('post.form.saved'));
      navigate(`/posts/${id}`);
    } catch (err) {
      notifyError(err, t, t('post.form.save_failed'));
    }
  });

  const remove = () => {
    if (!post) return;
    modals.openConfirmModal({
      title: t('post.delete.title'),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('post.delete.message', { title: post.title })}</Text>
          <ConfirmSubject id={post.id} time={post.time} />
        </Stack>
      ),
      labels: { confirm: t('post.delete.confirm'), cancel: t('common.button.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        setDeleting(true);
        try {
          await client.edit.deletePost(post.id);
          await updateCache(post.id);
          notifySuccess(t('post.delete.done'));
          navigate('/posts');
        } catch (err) {
          notifyError(err, t, t('post.delete.failed'));
        } finally {
          setDeleting(false);
        }
      },
    });
  };

  const titleLength = form.values.title.length;
  return (
    <Stack component="section" gap="md">
      <Title order={1}>{post ? t('page.posts.edit') : t('post.new')}</Title>
      <form onSubmit={submit} noValidate>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            <TextInput
              label={t('post.form.title')}
              description={t('post.form.title_hint', { length: titleLength, max: TITLE_MAX })}
              maxLength={TITLE_MAX}
              required
              data-autofocus
              {...form.getInputProps('title')}
            />
            <Textarea
              label={t('post.form.summary')}
              description={t('post.form.summary_hint')}
              autosize
              minRows={2}
              maxRows={4}
              {...form.getInputProps('summary')}
            />
            <TagsInput
              label={t('post.form.tags')}
              placeholder={t('post.form.tags_placeholder')}
              clearable
              splitChars={[',']}
              {...form.getInputProps('tags')}
            />
            <Tabs value={tab} onChange={setTab} keepMounted={false}>
              <Tabs.List aria-label={t('post.form.content')}>
                <Tabs.Tab value="write" leftSection={<IconPencil size={14} />}>
                  {t('post.form.write')}
                </Tabs.Tab>
                <Tabs.Tab value="preview" leftSection={<IconEye size={14} />}>
                  {t('post.form.preview')}
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="write" pt="sm">
                <Textarea
                  label={t('post.form.content')}
                  description={t('post.form.content_hint')}
                  autosize
                  minRows={12}
                  maxRows={30}
                  styles={monospaceInput}
                  {...form.getInputProps('content')}
                />
              </Tabs.Panel>
              <Tabs.Panel value="preview" pt="sm">
                <Card withBorder radius="sm" padding="md" mih={280} data-testid="post-preview">
                  {form.values.content.trim() ? (
                    <Markdown source={form.values.content} />
                  ) : (
                    <Text c="dimmed" size="sm">
                      {t('post.form.preview_empty')}
                    </Text>
                  )}
                </Card>
              </Tabs.Panel>
            </Tabs>
            <Switch
              label={t('post.form.pinned')}
              description={t('post.form.pinned_hint')}
              {...form.getInputProps('isPinned', { type: 'checkbox' })}
            />
            <Group justify="space-between" gap="sm">
              {post ? (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={remove}
                  loading={deleting}
                  disabled={form.submitting}
                >
                  {t('post.delete.button')}
                </Button>
              ) : (
                <span />
              )}
              <Group gap="sm">
                <Button component={Link} to={post ? `/posts/${post.id}` : '/posts'} variant="default">
                  {t('common.button.cancel')}
                </Button>
                <Button
                  type="submit"
                  loading={form.submitting}
                  disabled={deleting}
                  leftSection={<IconDeviceFloppy size={16} />}
                >
                  {post ? t('post.form.save') : t('post.form.publish')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </Card>
      </form>
    </Stack>
  );
}
