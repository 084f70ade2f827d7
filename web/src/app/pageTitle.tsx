// The browser tab names the page, then the game it belongs to, then the platform: "Scoreboard · Winter CTF · Pennon".
// Routes name their page in `handle.title` (a translation key); a page that knows a better name (a post's title)
// gives it with `usePageName`. The layout alone writes `document.title`, so two pages never race for it.
import { createContext, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { useConfig } from '../api/useConfig.ts';
import { parseGameId, useGame } from '../pages/games/[id]/useGame.ts';

/** What a route's `handle` may carry. */
export interface RouteTitle {
  /** Translation key of the page's name; none on pages the game or platform name alone describes. */
  title?: string;
  /** The route's `:id` is a game, whose title comes between the page and the platform. */
  game?: boolean;
}

export const SEPARATOR = ' · ';

/** The parts given, most specific first, without the empty ones. */
export const joinTitle = (...parts: (string | false | null | undefined)[]): string =>
  parts.filter((part): part is string => Boolean(part)).join(SEPARATOR);

type SetName = (name: string | undefined) => void;
const PageNameContext = createContext<SetName>(() => {});
export const PageNameProvider = PageNameContext.Provider;

/** Names the current page (instead of its route's name) while it is shown. */
export function usePageName(name: string | undefined) {
  const setName = useContext(PageNameContext);
  useEffect(() => {
    setName(name);
    return () => setName(undefined);
  }, [name, setName]);
}

/** The layout's side: keeps `document.title` the current page's; returns the setter pages name themselves with. */
export function useDocumentTitle(): SetName {
  const { t } = useTranslation();
  const { config } = useConfig();
  const [pageName, setPageName] = useState<string>();
  const match = useMatches().at(-1);
  const handle = (match?.handle ?? {}) as RouteTitle;
  // Shared with the game pages' own request (the same cache key), so it costs nothing there.
  const { game } = useGame(handle.game ? parseGameId(match?.params.id) : Number.NaN);
  const title = joinTitle(
    pageName ?? (handle.title && t(handle.title)),
    handle.game && game?.title,
    config.title,
  );
  useEffect(() => {
    document.title = title;
  }, [title]);
  return setPageName;
}
