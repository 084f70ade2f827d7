// What the package declares to TypeScript (built to dist/types.d.ts): the elements' tags and properties, and the
// events they dispatch. `import '@pennon/widgets'` then types `document.querySelector('pennon-scoreboard')` and
// `addEventListener('pennon-first-blood', …)`. The SDK's models (`GameNotice`) come from `@pennon/sdk`.
import type { GameNotice, SubmissionType } from '@pennon/sdk';

export const SCOREBOARD_TAG = 'pennon-scoreboard';
export const NOTICES_TAG = 'pennon-notices';
export const CHALLENGE_CARD_TAG = 'pennon-challenge-card';
export const TOP_TEAMS_TAG = 'pennon-top-teams';

/** Every attribute an element may carry (the camelCase names are the element's properties). */
export interface WidgetAttributes {
  server?: string | undefined;
  game?: string | undefined;
  division?: string | undefined;
  rows?: string | undefined;
  /** `light`, `dark` or `auto`; every element has it (`colorScheme` is its older name). */
  theme?: string | undefined;
  colorScheme?: string | undefined;
  locale?: string | undefined;
  compact?: string | undefined;
  chart?: string | undefined;
  columns?: string | undefined;
  range?: string | undefined;
  challenge?: string | undefined;
  count?: string | undefined;
}

/** A Pennon element: its attributes are also properties, in camelCase. */
export interface PennonWidgetElement extends HTMLElement, WidgetAttributes {}

export interface SolveDetail {
  gameId: number;
  teamId: number;
  team: string;
  /** The team's division, or null. */
  divisionId: number | null;
  challengeId: number;
  challenge: string;
  category: string;
  /** Points awarded, blood bonus included. */
  score: number;
  /** `Normal`, `FirstBlood`, `SecondBlood` or `ThirdBlood`. */
  type: SubmissionType;
  /** Who submitted, when the scoreboard names them. */
  user: string | null;
  /** Unix milliseconds. */
  time: number;
}

export interface NoticeDetail {
  gameId: number;
  notice: GameNotice;
}

export interface PennonEventMap {
  /**
   * A team solved a challenge (`<pennon-scoreboard>`, `<pennon-top-teams>`: in its division;
   * `<pennon-challenge-card>`: its challenge).
   */
  'pennon-solve': CustomEvent<SolveDetail>;
  /** The first solve of a challenge. */
  'pennon-first-blood': CustomEvent<SolveDetail>;
  /** A notice was published (`<pennon-notices>`). */
  'pennon-notice': CustomEvent<NoticeDetail>;
}

declare global {
  interface HTMLElementEventMap extends PennonEventMap {}
  interface HTMLElementTagNameMap {
    [SCOREBOARD_TAG]: PennonWidgetElement;
    [NOTICES_TAG]: PennonWidgetElement;
    [CHALLENGE_CARD_TAG]: PennonWidgetElement;
    [TOP_TEAMS_TAG]: PennonWidgetElement;
  }
}
