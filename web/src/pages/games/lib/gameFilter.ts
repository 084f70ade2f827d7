// The games list's filters: a phase and a search over title and summary, kept in the address.
import type { BasicGameInfoModel } from '@pennon/sdk';
import { type GamePhase, gamePhase } from './logic.ts';

export type PhaseFilter = 'all' | GamePhase;

export const PHASE_FILTERS: PhaseFilter[] = ['all', 'ongoing', 'upcoming', 'ended'];

/** `?phase=` as a filter; anything else is all games. */
export const phaseFilter = (raw: string | null): PhaseFilter =>
  PHASE_FILTERS.includes(raw as PhaseFilter) ? (raw as PhaseFilter) : 'all';

/** The games in `phase` at `now` whose title or summary holds every word of `query` (any case). */
export const filterGames = (
  games: BasicGameInfoModel[],
  phase: PhaseFilter,
  query: string,
  now: number,
): BasicGameInfoModel[] => {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return games.filter((game) => {
    if (phase !== 'all' && gamePhase(game.start, game.end, now) !== phase) return false;
    const text = `${game.title}\n${game.summary}`.toLocaleLowerCase();
    return words.every((word) => text.includes(word));
  });
};
