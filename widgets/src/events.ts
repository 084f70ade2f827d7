// The DOM events the elements dispatch on themselves (bubbling, and out of the shadow root), so the host page
// can react: `element.addEventListener('pennon-first-blood', (e) => e.detail.team)`.
import type { GameNotice } from '@pennon/sdk';
import type { SolveDetail } from './live/solves.ts';

export type { SolveDetail } from './live/solves.ts';

export interface NoticeDetail {
  gameId: number;
  notice: GameNotice;
}

export interface PennonEventMap {
  /** A team solved a challenge (`<pennon-scoreboard>`: in its division; `<pennon-challenge-card>`: its challenge). */
  'pennon-solve': CustomEvent<SolveDetail>;
  /** The first solve of a challenge. */
  'pennon-first-blood': CustomEvent<SolveDetail>;
  /** A notice was published (`<pennon-notices>`). */
  'pennon-notice': CustomEvent<NoticeDetail>;
}

declare global {
  interface HTMLElementEventMap extends PennonEventMap {}
}

export const emit = <K extends keyof PennonEventMap>(
  host: Element,
  type: K,
  detail: PennonEventMap[K]['detail'],
): void => {
  host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
};

/** A solve as the host page hears it: always `pennon-solve`, and `pennon-first-blood` for a first blood. */
export const emitSolve = (host: Element, solve: SolveDetail): void => {
  emit(host, 'pennon-solve', solve);
  if (solve.type === 'FirstBlood') emit(host, 'pennon-first-blood', solve);
};
