import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { GameNotice, NoticeType } from '@pennon/sdk';
import { type Icon, IconBell, IconBulb, IconDroplet, IconSparkles } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MEDAL_COLORS } from '../ChallengeCard/medals.ts';
import { Markdown } from '../Markdown/index.tsx';
import { RelativeTime } from '../RelativeTime/index.ts';
import { orderNotices } from './order.ts';
import { useNoticeText } from './useNoticeText.ts';

const NOTICE_STYLE: Record<NoticeType, { icon: Icon; color: string }> = {
  Normal: { icon: IconBell, color: 'blue' },
  FirstBlood: { icon: IconDroplet, color: MEDAL_COLORS[0] },
  SecondBlood: { icon: IconDroplet, color: MEDAL_COLORS[1] },
  ThirdBlood: { icon: IconDroplet, color: MEDAL_COLORS[2] },
  NewHint: { icon: IconBulb, color: 'yellow' },
  NewChallenge: { icon: IconSparkles, color: 'grape' },
};

/**
 * Notices in their one order (`orderNotices`): organisers' ones as sanitized Markdown, system ones (bloods, new challenges
 * and hints) as plain text in words, each with its time and, when given, its `actions` (e.g. edit buttons).
 */
export function NoticeList({
  notices,
  actions,
}: {
  notices: GameNotice[];
  actions?: (notice: GameNotice) => ReactNode;
}) {
  const text = useNoticeText();
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {orderNotices(notices).map((notice) => {
        const style = NOTICE_STYLE[notice.type] ?? NOTICE_STYLE.Normal;
        const NoticeIcon = style.icon;
        return (
          <li key={notice.id} data-testid="notice" data-type={notice.type}>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon size={28} radius="xl" variant="light" color={style.color} style={{ flexShrink: 0 }}>
                <NoticeIcon size={16} aria-hidden />
              </ThemeIcon>
              <Stack gap={2} miw={0} style={{ flex: 1 }}>
                {notice.type === 'Normal' ? (
                  <Markdown source={notice.values[0] ?? ''} fz="sm" />
                ) : (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {text(notice)}
                  </Text>
                )}
                <RelativeTime time={notice.time} size="xs" c="dimmed" />
              </Stack>
              {actions?.(notice)}
            </Group>
          </li>
        );
      })}
    </Stack>
  );
}
