// What verdict corrections did to the player's team: read from the server, which keeps them, so a member who was
// away when one was pushed still reads it; each push shows a toast and has the list read again, and so does coming
// back to the tab (a laptop woken from sleep missed the pushes meanwhile).
import { Paper, Title } from '@mantine/core';
import type { TeamNotice } from '@pennon/sdk';
import type { GameFeed } from '@pennon/sdk/feed';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { client } from '../../../../api/client.ts';
import { TeamNoticeList, useTeamNoticeText } from '../../../../components/NoticeList/index.ts';
import { showTeamNoticeToast } from './noticeToast.tsx';

/** The team's notices in the game, newest first (none while loading, or when the player may not read them). */
export function useTeamNotices(gameId: number, feed: GameFeed | undefined): TeamNotice[] | undefined {
  const kept = useSWR(
    Number.isNaN(gameId) ? null : ['/api/game', gameId, 'team-notices'],
    () => client.game.teamNotices(gameId),
    { shouldRetryOnError: false },
  );
  const text = useTeamNoticeText();
  const { mutate } = kept;
  useEffect(
    () =>
      feed?.onTeamNotice((notice) => {
        showTeamNoticeToast(notice, text(notice));
        void mutate();
      }),
    [feed, text, mutate],
  );
  return kept.data;
}

/** The team's notices under their heading; nothing when there are none. */
export function TeamNoticesPanel({ notices }: { notices: TeamNotice[] | undefined }) {
  const { t } = useTranslation();
  if (!notices?.length) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="aside"
      aria-labelledby="team-notices-title"
      data-testid="team-notices"
    >
      <Title order={2} size="h5" id="team-notices-title" mb="sm">
        {t('game.notice.team.heading')}
      </Title>
      <TeamNoticeList notices={notices} />
    </Paper>
  );
}
