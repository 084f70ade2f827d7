import { Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { NoticeList } from '../../../web/src/components/NoticeList/index.ts';
import { parseFlag, parseRows } from '../attributes.ts';
import { emit } from '../events.ts';
import { useTranslation } from '../i18n/react-i18next.tsx';
import { useGameFeed } from '../live/useGameFeed.ts';
import { useSafeLinks } from '../safety/links.ts';
import { NOTICES_TAG } from '../types.ts';
import type { WidgetProps } from './define.ts';
import { LoadState } from './LoadState.tsx';
import { WidgetFrame, type WidgetPlace } from './WidgetFrame.tsx';
import { WidgetHeader } from './WidgetHeader.tsx';

export const NOTICES_ATTRIBUTES = ['server', 'game', 'rows', 'colorScheme', 'locale', 'compact'] as const;

function NoticesView({ place, rows, compact }: { place: WidgetPlace; rows: number; compact: boolean }) {
  const { server, gameId, host } = place;
  const { t } = useTranslation();
  const { feed, state } = useGameFeed(server, gameId, true);
  const list = useRef<HTMLDivElement>(null);
  useSafeLinks(list, server);
  useEffect(
    () => feed?.onNotice((notice) => emit(host, 'pennon-notice', { gameId, notice })),
    [feed, host, gameId],
  );
  const notices = state.notices;
  return (
    <Stack gap="sm" className="pennon-body" data-compact={compact || undefined}>
      <WidgetHeader title={t('game.notice.title')} live={state.live} />
      <div ref={list}>
        {notices === undefined && state.noticesError !== undefined ? (
          <LoadState error={state.noticesError} failed="widgets.notices.load_failed" />
        ) : notices === undefined ? (
          <Text size="sm" c="dimmed">
            {t('game.notice.loading')}
          </Text>
        ) : notices.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('game.notice.empty')}
          </Text>
        ) : (
          <NoticeList notices={notices.slice(0, rows)} />
        )}
      </div>
    </Stack>
  );
}

/** `<pennon-notices>`: a game's notices in the web client's order, live. */
export function PennonNotices(props: WidgetProps) {
  return (
    <WidgetFrame props={props} tag={NOTICES_TAG}>
      {(place) => (
        <NoticesView place={place} rows={parseRows(props.rows, 10)} compact={parseFlag(props.compact)} />
      )}
    </WidgetFrame>
  );
}
