// Live notices as toasts (gzctf-api §5): 5 s, yellow for a new challenge or hint, the primary colour for an
// organisers' notice, the medal colours for bloods. A notice for the team's own (a verdict correction) stays until
// closed: it changes the team's score, and a player away from the screen must not miss it.
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { GameNotice, NoticeType, TeamNotice } from '@pennon/sdk';
import { MEDAL_COLORS } from '../../../../components/ChallengeCard/index.ts';

export const NOTICE_TOAST_CLOSE = 5000;

/** The toast colour for a notice type; `primary` is the theme's primary colour. */
export const noticeToastColor = (type: NoticeType, primary: string): string => {
  switch (type) {
    case 'NewChallenge':
    case 'NewHint':
      return 'yellow';
    case 'FirstBlood':
      return MEDAL_COLORS[0];
    case 'SecondBlood':
      return MEDAL_COLORS[1];
    case 'ThirdBlood':
      return MEDAL_COLORS[2];
    default:
      return primary;
  }
};

/**
 * Shows a notice as a toast. `body` is the notice in words (React text: names are never markup) or, for an
 * organisers' notice, the sanitized Markdown.
 */
export const showNoticeToast = (notice: GameNotice, title: string, body: React.ReactNode, primary: string) =>
  notifications.show({
    id: `notice-${notice.id}`,
    color: noticeToastColor(notice.type, primary),
    autoClose: NOTICE_TOAST_CLOSE,
    title,
    message: (
      <Text component="div" size="sm" data-testid="notice-toast" data-type={notice.type}>
        {body}
      </Text>
    ),
  });

/** Shows a notice for the team's own, in words (useTeamNoticeText). */
export const showTeamNoticeToast = (notice: TeamNotice, { title, body }: { title: string; body: string }) =>
  notifications.show({
    id: `team-notice-${notice.id}`,
    color: 'orange',
    autoClose: false,
    title,
    message: (
      <Text component="div" size="sm" data-testid="team-notice-toast" data-type={notice.type}>
        {body}
      </Text>
    ),
  });
