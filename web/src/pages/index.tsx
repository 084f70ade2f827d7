import { Grid, Image, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import brandLogo from '../../../static/brand/logo.svg';
import { useConfig } from '../api/useConfig.ts';
import { HomeSection } from './home/HomeSection.tsx';
import { RecentGames } from './home/RecentGames.tsx';
import { PostList } from './posts/PostList.tsx';
import { usePosts } from './posts/usePosts.ts';

/** / : the platform's name and slogan, as its configuration gives them, then the latest posts beside the recent games. */
export default function HomePage() {
  const { t } = useTranslation();
  const { config } = useConfig();
  const { posts, error, refresh } = usePosts('latest');
  return (
    <Stack gap="xl">
      <Stack component="section" align="center" gap="sm" py="xl" ta="center">
        <Image src={config.logoUrl ?? brandLogo} alt="" w={96} h={96} fit="contain" />
        <Title order={1}>{config.title}</Title>
        <Text size="lg" c="dimmed">
          {config.slogan}
        </Text>
      </Stack>
      <Grid gap="xl" maw={1280} mx="auto" w="100%">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <HomeSection
            id="home-posts-title"
            title={t('post.latest')}
            all={{ to: '/posts', label: t('post.all') }}
          >
            <PostList posts={posts} error={error} refresh={refresh} order={3} />
          </HomeSection>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <RecentGames />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
