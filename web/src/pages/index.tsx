import { Anchor, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import brandLogo from '../../../static/brand/logo.svg';
import { useConfig } from '../api/useConfig.ts';
import { TITLE_SUFFIX } from '../constants.ts';
import { PostList } from './posts/PostList.tsx';
import { usePosts } from './posts/usePosts.ts';

/** / : the platform's name and slogan, as its configuration gives them, then the latest posts. */
export default function HomePage() {
  const { t } = useTranslation();
  const { config } = useConfig();
  const { posts, error, refresh } = usePosts('latest');
  return (
    <Stack gap="xl">
      <Stack component="section" align="center" gap="sm" py="xl" ta="center">
        <Image src={config.logoUrl ?? brandLogo} alt="" w={96} h={96} fit="contain" />
        <Title order={1}>
          {config.title}
          {TITLE_SUFFIX}
        </Title>
        <Text size="lg" c="dimmed">
          {config.slogan}
        </Text>
      </Stack>
      <Stack component="section" gap="md" aria-labelledby="home-posts-title" maw={1100} mx="auto" w="100%">
        <Group justify="space-between" align="baseline" gap="sm">
          <Title order={2} id="home-posts-title">
            {t('post.latest')}
          </Title>
          <Anchor component={Link} to="/posts" size="sm">
            <Group gap={4} component="span">
              {t('post.all')}
              <IconArrowRight size={14} />
            </Group>
          </Anchor>
        </Group>
        <PostList posts={posts} error={error} refresh={refresh} order={3} />
      </Stack>
    </Stack>
  );
}
