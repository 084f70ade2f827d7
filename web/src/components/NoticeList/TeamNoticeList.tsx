import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { TeamNotice } from '@pennon/sdk';
import { IconGavel } from '@tabler/icons-react';
import { RelativeTime } from '../RelativeTime/index.ts';
import { useTeamNoticeText } from './useNoticeText.ts';

/** What verdict corrections did to the player's team, in the order given: each one's title, words and time. */
export function TeamNoticeList({ notices }: { notices: TeamNotice[] }) {
  const text = useTeamNoticeText();
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {notices.map((notice) => {
        const { title, body } = text(notice);
        return (
          <li key={notice.id} data-testid="team-notice" data-type={notice.type}>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon size={28} radius="xl" variant="light" color="orange" style={{ flexShrink: 0 }}>
                <IconGavel size={16} aria-hidden />
              </ThemeIcon>
              <Stack gap={2} miw={0} style={{ flex: 1 }}>
                <Text size="sm" fw={600}>
                  {title}
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {body}
                </Text>
                <RelativeTime time={notice.time} size="xs" c="dimmed" />
              </Stack>
            </Group>
          </li>
        );
      })}
    </Stack>
  );
}
