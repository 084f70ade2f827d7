import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileUnknown, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../components/LoadError/index.ts';

/** In place of a post that does not exist (any more). */
export function PostNotFound() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} component="section" mt="md">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconFileUnknown size={30} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t('post.not_found.title')}
        </Title>
        <Text c="dimmed" maw={460}>
          {t('post.not_found.message')}
        </Text>
        <Button component={Link} to="/posts" variant="light">
          {t('post.back')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** In place of the editor for anyone but an admin. */
export function PostForbidden() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} component="section" mt="md">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="red">
          <IconLock size={30} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t('post.forbidden.title')}
        </Title>
        <Text c="dimmed" maw={460}>
          {t('post.forbidden.message')}
        </Text>
        <Button component={Link} to="/posts" variant="light">
          {t('post.back')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** A post that could not be loaded for another reason than not existing. */
export function PostLoadError({ error, retry }: { error: unknown; retry: () => unknown }) {
  return <LoadError error={error} retry={retry} title="post.load_one_failed" mt="md" />;
}
