import { Tooltip } from '@mantine/core';
import { type PointerEvent, type ReactNode, type SyntheticEvent, useEffect, useState } from 'react';

/** Marks an element whose tooltip a surrounding TipLayer shows: spread onto it. */
export const tipProps = (text: string) => ({ 'data-tip': text });

/**
 * One tooltip for every descendant marked with `tipProps`, shown while the mouse is over it or it has focus, and
 * on a tap until the next tap elsewhere. A scoreboard of a hundred and fifty marks thus mounts one Mantine Tooltip
 * (with its floating-ui hooks) instead of one each, which alone kept a phone from drawing the page within a second.
 */
export function TipLayer({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const show = (event: SyntheticEvent<HTMLElement>) => {
    const tip = (event.target as Element).closest<HTMLElement>('[data-tip]');
    setTarget(tip && event.currentTarget.contains(tip) ? tip : null);
  };
  const leave = (event: PointerEvent<HTMLElement>) => {
    // A touch "leaves" as it lifts: its tooltip stays until the next tap.
    if (event.pointerType === 'mouse') setTarget(null);
  };
  useEffect(() => {
    if (!target) return;
    const tapElsewhere = (event: Event) => {
      if (!target.contains(event.target as Node)) setTarget(null);
    };
    document.addEventListener('pointerdown', tapElsewhere, true);
    return () => document.removeEventListener('pointerdown', tapElsewhere, true);
  }, [target]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the events are its descendants', delegated to one place.
    <div
      style={{ display: 'contents' }}
      onPointerOver={show}
      onPointerLeave={leave}
      onFocus={show}
      onBlur={() => setTarget(null)}
    >
      {children}
      {target && <Tooltip target={target} label={target.dataset.tip} opened withArrow />}
    </div>
  );
}
