import { Anchor, Card, Code, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBrandGithub } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuildInfo } from '../../buildInfo.ts';
import { REPOSITORY_URL } from '../../constants.ts';
import { dateTimeFormat } from '../../i18n/formats.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * The build: its tag (else the package's version) and commit, each a link to the repository, when it was built, and
 * the source.
 */
export function BuildInfoCard({ info }: { info: BuildInfo }) {
  const { t, i18n } = useTranslation();
  const unknown = (
    <Text span c="dimmed">
      {t('about.build.unknown')}
    </Text>
  );
  const time = new Date(info.time);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="about-build-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="about-build-title">
          {t('about.build.title')}
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} spacing="md" m={0}>
          <Fact label={t('about.build.tag')}>
            {info.tag ? (
              <Anchor
                href={`${REPOSITORY_URL}/releases/tag/${encodeURIComponent(info.tag)}`}
                target="_blank"
                rel="noreferrer"
              >
                {info.tag}
              </Anchor>
            ) : (
              info.version
            )}
          </Fact>
          <Fact label={t('about.build.commit')}>
            {info.sha ? (
              <Anchor
                href={`${REPOSITORY_URL}/commit/${info.sha}`}
                target="_blank"
                rel="noreferrer"
                title={info.sha}
              >
                <Code>{info.sha.slice(0, 7)}</Code>
              </Anchor>
            ) : (
              unknown
            )}
          </Fact>
          <Fact label={t('about.build.time')}>
            <time dateTime={info.time}>
              {dateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(time)}
            </time>
          </Fact>
        </SimpleGrid>
        <Anchor href={REPOSITORY_URL} target="_blank" rel="noreferrer" size="sm">
          <Group gap={6} component="span">
            <IconBrandGithub size={16} aria-hidden />
            {t('about.repository')}
          </Group>
        </Anchor>
      </Stack>
    </Card>
  );
}
