// The pure rules of the game pages: a game's phase from its times, countdowns, blood bonus labels and the
// challenge board's grouping. No React here, so they are tested on their own (logic.test.ts).
import {
  type ChallengeCategory,
  ChallengeCategoryValues,
  type ChallengeInfo,
  type ChallengesByCategory,
  type ScoreboardItem,
} from '@pennon/sdk';

export type GamePhase = 'upcoming' | 'ongoing' | 'ended';

/** Where a game stands at `now` (all Unix milliseconds): the end itself counts as ended. */
export const gamePhase = (start: number, end: number, now: number): GamePhase => {
  if (now < start) return 'upcoming';
  if (now < end) return 'ongoing';
  return 'ended';
};

export interface Duration {
  days: number;
  /** `hh:mm:ss` of what is left after the whole days. */
  clock: string;
}

/** A span of milliseconds as whole days and an `hh:mm:ss` clock; negative spans count as zero. */
export const splitDuration = (ms: number): Duration => {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const rest = total % 86_400;
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    days,
    clock: `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`,
  };
};

/** The three per-mille fields packed in a game's `bloodBonus` (gzctf-api §4.2), first blood first. */
export const bloodBonusFields = (packed: number): [number, number, number] => {
  if (packed <= 0) return [0, 0, 0];
  const first = Math.floor(packed / 2 ** 20) & 0x3ff;
  const second = (packed >> 10) & 0x3ff;
  const third = packed & 0x3ff;
  // A field over 1000 means the whole value is invalid: the server then applies the default.
  if (first > 1000 || second > 1000 || third > 1000) return [50, 30, 10];
  return [first, second, third];
};

/** `+5%` for a per-mille field of 50 (`+{field/10}%`); null when there is no bonus. */
export const bloodBonusLabel = (field: number): string | null =>
  field > 0 ? `+${Number((field / 10).toFixed(1))}%` : null;

export interface CategoryGroup {
  category: ChallengeCategory;
  challenges: ChallengeInfo[];
}

const categoryOrder = (name: string): number => {
  const index = (ChallengeCategoryValues as readonly string[]).indexOf(name);
  return index === -1 ? ChallengeCategoryValues.length : index;
};

/**
 * The board's columns: non-empty categories in the platform's category order, challenges by title
 * within each (as the server sorts them, kept stable).
 */
export const groupChallenges = (challenges: ChallengesByCategory | undefined): CategoryGroup[] =>
  Object.entries(challenges ?? {})
    .filter(([, list]) => list.length > 0)
    .sort(([a], [b]) => categoryOrder(a) - categoryOrder(b))
    .map(([category, list]) => ({
      category: category as ChallengeCategory,
      challenges: [...list].sort((a, b) => a.title.localeCompare(b.title)),
    }));

/** Every challenge of the board, in board order. */
export const flattenChallenges = (challenges: ChallengesByCategory | undefined): ChallengeInfo[] =>
  groupChallenges(challenges).flatMap((group) => group.challenges);

/** The ids of the challenges a team has solved (from its scoreboard item). */
export const solvedIds = (item: ScoreboardItem | null | undefined): Set<number> =>
  new Set((item?.solvedChallenges ?? []).map((solve) => solve.id));

/** The server's "no time" (.NET DateTime.MinValue as Unix ms): a team without any scoring solve. */
export const NO_TIME = -62135596800000;
export const hasTime = (time: number | null | undefined): time is number =>
  typeof time === 'number' && time > NO_TIME;

/**
 * Whether a container may be extended now: only within `renewalWindow` minutes of its stop time
 * (gzctf-api §4.10).
 */
export const canExtend = (closeTime: number, now: number, renewalWindowMinutes: number): boolean =>
  closeTime - now <= renewalWindowMinutes * 60_000;

/** Page `page` (1-based) of `items`, `size` a page. */
export const pageOf = <T>(items: T[], page: number, size: number): T[] =>
  items.slice((page - 1) * size, page * size);
