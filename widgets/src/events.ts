// The DOM events the elements dispatch on themselves (bubbling, and out of the shadow root), so the host page
// can react: `element.addEventListener('pennon-first-blood', (e) => e.detail.team)`.
import type { PennonEventMap, SolveDetail } from './types.ts';

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
