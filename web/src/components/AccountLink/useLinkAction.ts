import { useEffect, useRef, useState } from 'react';

export type LinkOutcome = { state: 'pending' } | { state: 'done' } | { state: 'failed'; error: unknown };

/**
 * Runs `run` once, when `enabled` first holds (a mailed token is single-use: a second call, as React's
 * strict mode would make, would fail), and tells how it went.
 */
export const useLinkAction = (enabled: boolean, run: () => Promise<unknown>): LinkOutcome => {
  const [outcome, setOutcome] = useState<LinkOutcome>({ state: 'pending' });
  const started = useRef(false);
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    if (!enabled || started.current) return;
    started.current = true;
    latest.current().then(
      () => setOutcome({ state: 'done' }),
      (error: unknown) => setOutcome({ state: 'failed', error }),
    );
  }, [enabled]);
  return outcome;
};
