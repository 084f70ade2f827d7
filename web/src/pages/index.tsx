import { Image, Stack, Text, Title } from '@mantine/core';
import brandLogo from '../../../static/brand/logo.svg';
import { useConfig } from '../api/useConfig.ts';
import { TITLE_SUFFIX } from '../constants.ts';

/** / : the platform's name and slogan, as its configuration gives them. */
export default function HomePage() {
  const { config } = useConfig();
  return (
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
  );
}
