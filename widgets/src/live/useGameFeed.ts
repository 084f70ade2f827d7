import { useMemo } from 'react';
import { useFeed } from '../../../web/src/api/useFeed.ts';
import { useTranslation } from '../i18n/react-i18next.tsx';
import { feedFor } from './registry.ts';

/** The shared feed of a game and its current state (with its notices if `notices`); none without a server and game. */
export const useGameFeed = (server: string | undefined, gameId: number | undefined, notices = false) => {
  const { language } = useTranslation().i18n;
  const feed = useMemo(
    () => (server && gameId !== undefined ? feedFor(server, gameId, language) : undefined),
    [server, gameId, language],
  );
  return { feed, state: useFeed(feed, { notices }) };
};
